// Packs an image into YUV 4:2:0 (limited range, the matrix's weights given) for a movie encoder or a pipe, in
// one pass that reads each pixel once: a fragment takes a block of 4×2 pixels and writes its upper row's four
// luma bytes to the first target, its lower row's to the second, and its two chroma samples (the average of
// each 2×2 half) as Cb, Cr, Cb, Cr to the third. What precedes this defines the image: a sampler it reads, or
// the passes that would have drawn it (`YUV420Packing`); what follows defines `shaderbenchPixel` from it.
precision highp float;
precision highp int;
uniform ivec2 shaderbenchImageSize;
layout(location = 0) out vec4 shaderbenchUpperLuma;
layout(location = 1) out vec4 shaderbenchLowerLuma;
layout(location = 2) out vec4 shaderbenchChroma;

// The matrix: luma's weights of red, green and blue (BT.709: 0.2126, 0.7152, 0.0722), and the spans of
// B − Y and R − Y that Cb and Cr scale to ±0.5 (BT.709: 1.8556, 1.5748).
uniform vec3 shaderbenchLumaWeights;
uniform vec2 shaderbenchChromaSpans;

// The image's pixel at `position`, which lies inside it.
vec3 shaderbenchPixel(ivec2 position);

// An odd width or height is padded by repeating the last column or row.
vec3 shaderbenchPixelClamped(int x, int y) {
    return shaderbenchPixel(clamp(ivec2(x, y), ivec2(0), shaderbenchImageSize - 1));
}

float shaderbenchLumaByte(vec3 rgb) {
    return (16.0 + 219.0 * dot(rgb, shaderbenchLumaWeights)) / 255.0;
}

// Cb and Cr of the average of four pixels.
vec2 shaderbenchChromaBytes(vec3 first, vec3 second, vec3 third, vec3 fourth) {
    vec3 rgb = 0.25 * (first + second + third + fourth);
    float luma = dot(rgb, shaderbenchLumaWeights);
    return (128.0 + 224.0 * vec2((rgb.b - luma) / shaderbenchChromaSpans.x, (rgb.r - luma) / shaderbenchChromaSpans.y)) / 255.0;
}

void main() {
    ivec2 block = ivec2(gl_FragCoord.xy);
    int x = 4 * block.x, y = 2 * block.y;
    vec3 upper[4];
    vec3 lower[4];
    for (int column = 0; column < 4; column++) {
        upper[column] = shaderbenchPixelClamped(x + column, y);
        lower[column] = shaderbenchPixelClamped(x + column, y + 1);
    }
    shaderbenchUpperLuma = vec4(shaderbenchLumaByte(upper[0]), shaderbenchLumaByte(upper[1]), shaderbenchLumaByte(upper[2]),
                                shaderbenchLumaByte(upper[3]));
    shaderbenchLowerLuma = vec4(shaderbenchLumaByte(lower[0]), shaderbenchLumaByte(lower[1]), shaderbenchLumaByte(lower[2]),
                                shaderbenchLumaByte(lower[3]));
    shaderbenchChroma = vec4(shaderbenchChromaBytes(upper[0], upper[1], lower[0], lower[1]),
                             shaderbenchChromaBytes(upper[2], upper[3], lower[2], lower[3]));
}

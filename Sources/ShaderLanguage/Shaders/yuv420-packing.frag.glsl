// Packs an image into YUV 4:2:0 (I420, limited range, the matrix's weights given) for a movie encoder or a
// pipe, one plane per draw. Each fragment makes four consecutive bytes of one plane: luma from one pixel each,
// chroma from the average of a 2×2 block each. What precedes it defines the image: a sampler it reads, or the
// passes that would have drawn it (`YUV420Packing`); what follows defines `shaderbenchPixel` from it.
precision highp float;
precision highp int;
uniform ivec2 shaderbenchImageSize;
// 0: luma, 1: Cb, 2: Cr.
uniform int shaderbenchPlane;
// The plane's first texel in the target.
uniform ivec2 shaderbenchOrigin;
out vec4 shaderbenchBytes;

// The matrix: luma's weights of red, green and blue (BT.709: 0.2126, 0.7152, 0.0722), and the spans of
// B − Y and R − Y that Cb and Cr scale to ±0.5 (BT.709: 1.8556, 1.5748).
uniform vec3 shaderbenchLumaWeights;
uniform vec2 shaderbenchChromaSpans;

// The image's pixel at `position`, which lies inside it.
vec3 shaderbenchPixel(ivec2 position);

vec3 shaderbenchPixelClamped(int x, int y) {
    return shaderbenchPixel(clamp(ivec2(x, y), ivec2(0), shaderbenchImageSize - 1));
}

float shaderbenchLumaByte(int x, int y) {
    return (16.0 + 219.0 * dot(shaderbenchPixelClamped(x, y), shaderbenchLumaWeights)) / 255.0;
}

float shaderbenchChromaByte(int x, int y) {
    vec3 rgb = 0.25 * (shaderbenchPixelClamped(2 * x, 2 * y) + shaderbenchPixelClamped(2 * x + 1, 2 * y)
                       + shaderbenchPixelClamped(2 * x, 2 * y + 1) + shaderbenchPixelClamped(2 * x + 1, 2 * y + 1));
    float luma = dot(rgb, shaderbenchLumaWeights);
    float difference = shaderbenchPlane == 1 ? (rgb.b - luma) / shaderbenchChromaSpans.x : (rgb.r - luma) / shaderbenchChromaSpans.y;
    return (128.0 + 224.0 * difference) / 255.0;
}

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy) - shaderbenchOrigin;
    int x = 4 * texel.x, y = texel.y;
    if (shaderbenchPlane == 0) {
        shaderbenchBytes = vec4(shaderbenchLumaByte(x, y), shaderbenchLumaByte(x + 1, y), shaderbenchLumaByte(x + 2, y),
                                shaderbenchLumaByte(x + 3, y));
    } else {
        shaderbenchBytes = vec4(shaderbenchChromaByte(x, y), shaderbenchChromaByte(x + 1, y), shaderbenchChromaByte(x + 2, y),
                                shaderbenchChromaByte(x + 3, y));
    }
}

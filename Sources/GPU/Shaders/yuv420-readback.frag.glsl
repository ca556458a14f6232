#version 300 es
// Packs a rendered image into YUV 4:2:0 (I420, limited range, the matrix's weights given) for a movie
// encoder or a pipe, one plane per draw. Each fragment makes four consecutive bytes of one plane: luma from one pixel each, chroma from the
// average of a 2×2 block each.
precision highp float;
precision highp int;
uniform highp sampler2D image;
uniform ivec2 imageSize;
// 0: luma, 1: Cb, 2: Cr.
uniform int plane;
// The plane's first texel in the target.
uniform ivec2 origin;
out vec4 bytes;

// The matrix: luma's weights of red, green and blue (BT.709: 0.2126, 0.7152, 0.0722), and the spans of
// B − Y and R − Y that Cb and Cr scale to ±0.5 (BT.709: 1.8556, 1.5748).
uniform vec3 lumaWeights;
uniform vec2 chromaSpans;

vec3 pixel(int x, int y) {
    return texelFetch(image, clamp(ivec2(x, y), ivec2(0), imageSize - 1), 0).rgb;
}

float lumaByte(int x, int y) {
    return (16.0 + 219.0 * dot(pixel(x, y), lumaWeights)) / 255.0;
}

float chromaByte(int x, int y) {
    vec3 rgb = 0.25 * (pixel(2 * x, 2 * y) + pixel(2 * x + 1, 2 * y) + pixel(2 * x, 2 * y + 1) + pixel(2 * x + 1, 2 * y + 1));
    float luma = dot(rgb, lumaWeights);
    float difference = plane == 1 ? (rgb.b - luma) / chromaSpans.x : (rgb.r - luma) / chromaSpans.y;
    return (128.0 + 224.0 * difference) / 255.0;
}

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy) - origin;
    int x = 4 * texel.x, y = texel.y;
    if (plane == 0) {
        bytes = vec4(lumaByte(x, y), lumaByte(x + 1, y), lumaByte(x + 2, y), lumaByte(x + 3, y));
    } else {
        bytes = vec4(chromaByte(x, y), chromaByte(x + 1, y), chromaByte(x + 2, y), chromaByte(x + 3, y));
    }
}

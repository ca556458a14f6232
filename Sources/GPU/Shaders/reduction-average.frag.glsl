#version 300 es
// One level of an average: one output texel per 4×4 source texels, read exactly, each weighted by the
// original pixels it stands for, which is less than span² at the right and bottom edges when a size is not a
// power of four. The first level of a centroid defines ENCODE_CENTROID to average position-weighted mask
// values instead of the texels as they are.
precision highp float;
precision highp int;
uniform highp sampler2D source;
out vec4 result;
const vec3 lumaWeights = vec3(0.2126, 0.7152, 0.0722);

uniform ivec2 sourceSize;
uniform int span;
uniform ivec2 originalSize;
vec4 encode(vec4 texel, ivec2 position) {
#ifdef ENCODE_CENTROID
    // A mask pixel becomes (x·w, y·w, w) with w its luminance and x, y its centre in texture coordinates.
    float weight = dot(texel.rgb, lumaWeights);
    return vec4((vec2(position) + 0.5) / vec2(originalSize) * weight, weight, 1.0);
#else
    return texel;
#endif
}
void main() {
    ivec2 base = ivec2(gl_FragCoord.xy) * 4;
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++) {
            ivec2 texel = base + ivec2(x, y);
            if (texel.x >= sourceSize.x || texel.y >= sourceSize.y) continue;
            vec2 covered = vec2(min(ivec2(span), originalSize - texel * span));
            float weight = covered.x * covered.y;
            sum += encode(texelFetch(source, texel, 0), texel) * weight;
            total += weight;
        }
    }
    result = sum / total;
}

#version 300 es
// One level of min/max: the smallest (r) and largest (g) of 4×4 source texels, read exactly. The first level
// defines LUMINANCE to compare the image's pixels by luminance; later levels compare the extremes the level
// before found.
precision highp float;
precision highp int;
uniform highp sampler2D source;
out vec4 result;
const vec3 lumaWeights = vec3(0.2126, 0.7152, 0.0722);

uniform ivec2 sourceSize;
void main() {
    ivec2 base = ivec2(gl_FragCoord.xy) * 4;
    vec2 extremes = vec2(1e30, -1e30);
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++) {
            ivec2 texel = base + ivec2(x, y);
            if (texel.x >= sourceSize.x || texel.y >= sourceSize.y) continue;
            vec4 value = texelFetch(source, texel, 0);
#ifdef LUMINANCE
            vec2 range = vec2(dot(value.rgb, lumaWeights));
#else
            vec2 range = value.rg;
#endif
            extremes = vec2(min(extremes.x, range.x), max(extremes.y, range.y));
        }
    }
    result = vec4(extremes, 0.0, 1.0);
}

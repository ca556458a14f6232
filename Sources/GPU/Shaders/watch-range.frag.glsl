#version 300 es
// One level of a watched expression's range: the smallest (r) and largest (g) number of 4×4 source texels, the
// value's type (b) and whether the watched line ran in any of them (a). The first level (FIRST) reads what the
// instrumented shader recorded: `source` the value, `runs` how many times the line ran and the type, every
// component of a vector counted; later levels merge what the level before found.
precision highp float;
precision highp int;
uniform highp sampler2D source;
uniform highp sampler2D runs;
uniform ivec2 sourceSize;
out vec4 result;

void main() {
    ivec2 base = ivec2(gl_FragCoord.xy) * 4;
    vec4 merged = vec4(1e30, -1e30, 0.0, 0.0);
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++) {
            ivec2 texel = base + ivec2(x, y);
            if (texel.x >= sourceSize.x || texel.y >= sourceSize.y) continue;
            vec4 found = texelFetch(source, texel, 0);
#ifdef FIRST
            vec4 recorded = texelFetch(runs, texel, 0);
            if (recorded.r < 0.5) continue;
            // Kinds 1–12 run float, vec2, vec3, vec4, then the same for int and bool.
            int components = (int(recorded.g + 0.5) - 1) % 4 + 1;
            float low = found.r, high = found.r;
            for (int component = 1; component < 4; component++) {
                if (component >= components) break;
                low = min(low, found[component]);
                high = max(high, found[component]);
            }
            found = vec4(low, high, recorded.g, 1.0);
#endif
            if (found.a < 0.5) continue;
            merged = vec4(min(merged.r, found.r), max(merged.g, found.g), max(merged.b, found.b), 1.0);
        }
    }
    result = merged;
}

#version 300 es
// A watched expression over the whole image, in colours a person can read: a number (float or int) along a ramp
// from its smallest value (dark blue) to its largest (yellow); a vector as a colour, each component from -scale
// (0) through 0 (0.5) to scale (1); a bool as dark blue (false) or yellow (true). Pixels where the watched line
// never ran are grey. `value` holds what was recorded, `runs` how many times (r) and the type (g).
precision highp float;
uniform highp sampler2D value;
uniform highp sampler2D runs;
uniform vec2 range;
uniform float scale;
out vec4 colour;

vec3 ramp(float t) {
    const vec3 low = vec3(0.07, 0.05, 0.35), middle = vec3(0.0, 0.6, 0.55), high = vec3(1.0, 0.9, 0.1);
    return t < 0.5 ? mix(low, middle, t * 2.0) : mix(middle, high, t * 2.0 - 1.0);
}

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy);
    vec4 recorded = texelFetch(runs, texel, 0);
    vec4 watched = texelFetch(value, texel, 0);
    int kind = int(recorded.g + 0.5);
    if (recorded.r < 0.5) {
        colour = vec4(0.35, 0.35, 0.35, 1.0);
    } else if (kind == 1 || kind == 5) {
        float span = range.y - range.x;
        colour = vec4(ramp(span > 0.0 ? clamp((watched.r - range.x) / span, 0.0, 1.0) : 0.5), 1.0);
    } else if (kind >= 9) {
        colour = vec4(watched.r > 0.5 ? vec3(1.0, 0.9, 0.1) : vec3(0.07, 0.05, 0.35), 1.0);
    } else {
        int components = kind == 2 || kind == 6 ? 2 : kind == 3 || kind == 7 ? 3 : 4;
        vec3 shown = clamp(0.5 + 0.5 * watched.rgb / max(scale, 1e-20), 0.0, 1.0);
        colour = vec4(components == 2 ? vec3(shown.rg, 0.5) : shown, 1.0);
    }
}

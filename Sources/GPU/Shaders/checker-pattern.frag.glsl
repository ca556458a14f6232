#version 300 es
// A black and white checkerboard of 8 × 8 squares, as Bonzomatic's texChecker; white at the first texel.
precision highp float;
out vec4 fragColor;
uniform vec2 size;

void main() {
    ivec2 square = ivec2(floor(gl_FragCoord.xy * 8.0 / size));
    fragColor = vec4(vec3((square.x + square.y) % 2 == 0 ? 1.0 : 0.0), 1.0);
}

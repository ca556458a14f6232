#version 300 es
// Colour noise, as Bonzomatic's texNoise: every channel of every texel an independent value from an integer hash
// of the texel's place, so the image is the same on every GPU and in every run.
precision highp float;
precision highp int;
out vec4 fragColor;

uint mixed(uint value) {
    value ^= value >> 16u;
    value *= 0x7feb352du;
    value ^= value >> 15u;
    value *= 0x846ca68bu;
    value ^= value >> 16u;
    return value;
}

void main() {
    uvec2 texel = uvec2(gl_FragCoord.xy);
    uint bits = mixed(texel.x + mixed(texel.y));
    fragColor = vec4(vec3(uvec3(bits, bits >> 8u, bits >> 16u) & 255u) / 255.0, 1.0);
}

#version 300 es
// Sobel edge detection on luminance over the 3×3 neighbourhood, in plain GLSL ES 3.00:
// textureSize gives the texel step, so no size uniforms are needed.
precision highp float;
in vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float edgeStrength;     // default: 1, range: 0...4, label: "Edge strength (1 = unscaled)"
out vec4 fragColor;

float luminance(vec2 offset) {
    vec2 texel = 1.0 / vec2(textureSize(inputImageTexture, 0));
    return dot(texture(inputImageTexture, textureCoordinate + offset * texel).rgb, vec3(0.2125, 0.7154, 0.0721));
}

void main() {
    float topLeft = luminance(vec2(-1.0, -1.0));
    float top = luminance(vec2(0.0, -1.0));
    float topRight = luminance(vec2(1.0, -1.0));
    float left = luminance(vec2(-1.0, 0.0));
    float right = luminance(vec2(1.0, 0.0));
    float bottomLeft = luminance(vec2(-1.0, 1.0));
    float bottom = luminance(vec2(0.0, 1.0));
    float bottomRight = luminance(vec2(1.0, 1.0));
    float horizontal = -topLeft - 2.0 * left - bottomLeft + topRight + 2.0 * right + bottomRight;
    float vertical = -topLeft - 2.0 * top - topRight + bottomLeft + 2.0 * bottom + bottomRight;
    float magnitude = length(vec2(horizontal, vertical)) * edgeStrength;
    fragColor = vec4(vec3(magnitude), 1.0);
}

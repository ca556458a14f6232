// Duotone: each pixel's luminance runs from a dark shade to `light`; the composition wires `light` to the
// image's own average colour, measured on the GPU, so the picture is toned by what it holds.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp vec3 light;     // default: [1, 0.8, 0.5], range: 0...1, label: "Light tone"
uniform mediump float boost; // default: 2.2, range: 0...4, label: "How far the tone is pushed from grey"

void main() {
    lowp vec3 colour = texture2D(inputImageTexture, textureCoordinate).rgb;
    mediump float luma = dot(colour, vec3(0.2126, 0.7152, 0.0722));
    mediump vec3 tone = clamp(mix(vec3(dot(light, vec3(0.333))), light, boost), 0.0, 1.0);
    gl_FragColor = vec4(mix(vec3(0.04, 0.03, 0.08), tone, luma), 1.0);
}

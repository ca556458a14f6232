// Sepia tone, GPUImage style: a colour matrix blended with the original by `intensity`.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = original)"

const mediump mat3 sepiaMatrix = mat3(0.3588, 0.2990, 0.2392,
                                      0.7044, 0.5870, 0.4696,
                                      0.1368, 0.1140, 0.0912);

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    lowp vec3 toned = min(sepiaMatrix * colour.rgb, vec3(1.0));
    gl_FragColor = vec4(mix(colour.rgb, toned, intensity), colour.a);
}

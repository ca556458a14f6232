// Scales each channel's distance from mid-grey by `contrast` (0 … 4, 1 = unchanged).
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp float contrast;    // default: 1, range: 0...4, label: "Contrast (1 = unchanged)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4((colour.rgb - vec3(0.5)) * contrast + vec3(0.5), colour.a);
}

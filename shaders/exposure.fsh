// Exposure: scales every channel by 2^exposure, as opening the aperture by that many stops would
// (+1 doubles the light, -1 halves it).
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump float exposure; // default: 0.5, range: -4...4, label: "Exposure (stops, 0 = unchanged)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(colour.rgb * exp2(exposure), colour.a);
}

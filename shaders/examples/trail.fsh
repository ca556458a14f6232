// A fading trail: each frame keeps the brighter of the new image and the last frame, faded and drawn a little
// larger around the centre, so what stays still stays as it is and whatever moves leaves streaks that bloom out.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform sampler2D previousOutput;
uniform mediump float persistence;  // default: 0.9, range: 0...0.99, label: "How much of the last frame stays"
uniform mediump float zoom;         // default: 0.01, range: -0.05...0.05, label: "How fast the trail grows"

void main() {
    highp vec2 behind = (textureCoordinate - 0.5) * (1.0 - zoom) + 0.5;
    lowp vec4 now = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 before = texture2D(previousOutput, behind);
    gl_FragColor = vec4(max(now.rgb, before.rgb * persistence), 1.0);
}

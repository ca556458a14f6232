// Before and after: the original on the left of `split`, the graded image on the right, a thin line between.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;   // before
uniform sampler2D inputImageTexture2;  // after
uniform mediump float split;           // default: 0.5, range: 0...1, label: "Where the after begins"

void main() {
    lowp vec4 before = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 after = texture2D(inputImageTexture2, textureCoordinate);
    mediump float edge = abs(textureCoordinate.x - split);
    gl_FragColor = edge < 0.002 ? vec4(1.0) : (textureCoordinate.x < split ? before : after);
}

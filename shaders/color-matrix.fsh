// Colour matrix: multiplies each RGBA colour by `colorMatrix` (output channel = row · input colour) and
// mixes the result with the original by `intensity`. The default is a warm, faded print look: the blue
// channel is weakened and filled in from red and green, and red borrows from green.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump mat4 colorMatrix;   // default: [0.9, 0.1, 0.1, 0, 0.3, 0.8, 0.2, 0, 0, 0.1, 0.6, 0, 0, 0, 0, 1], range: -2...2, label: "Colour matrix (column-major)"
uniform lowp float intensity;       // default: 1, range: 0...1, label: "Intensity (0 = original)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    // A matrix can push values past 0…1 (and negative); clamp so float targets get a displayable colour.
    mediump vec4 transformed = clamp(colorMatrix * colour, 0.0, 1.0);
    gl_FragColor = mix(colour, transformed, intensity);
}

// Temporal low-pass: a running average of frames, the denoise filter for a grainy camera. Each frame
// mixes the new image with this filter's own previous output (`previousOutput`, wired to the node
// itself), so noise that changes from frame to frame averages out while still areas sharpen.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform sampler2D previousOutput;
uniform lowp float filterStrength;   // default: 0.6, range: 0...0.98, label: "Strength (share of the previous frames)"

void main() {
    lowp vec4 current = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 previous = texture2D(previousOutput, textureCoordinate);
    // The first frame has no history (its previous output is transparent): show the image as it is.
    lowp float strength = previous.a > 0.0 ? filterStrength : 0.0;
    gl_FragColor = mix(current, previous, strength);
}

// Crosshatch: a pen drawing in which darker areas get more layers of diagonal lines. Lines lie
// `crossHatchSpacing` apart (a fraction of the image width) and are `lineWidth` thick; below 80% luminance
// one set of lines is drawn, below 60% the crossing set, and below 40% and 20% a further set of each,
// halfway between the first. Lengths are in image widths on both axes (from `texelWidth` and
// `texelHeight`) so the lines cross at right angles whatever the image's shape.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform highp float crossHatchSpacing;  // default: 0.02, range: 0.005...0.1, label: "Line spacing (fraction of the image width)"
uniform highp float lineWidth;          // default: 0.003, range: 0.0005...0.02, label: "Line width (fraction of the image width)"

const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

// How much ink a set of parallel lines puts here: `across` is the position across the lines (in image
// widths), `phase` shifts the set by that fraction of the spacing. 1 on a line, 0 between lines, with an
// edge about a pixel wide for smooth strokes.
highp float lineInk(highp float across, highp float phase) {
    highp float fromLine = abs(fract(across / crossHatchSpacing + phase + 0.5) - 0.5) * crossHatchSpacing;
    highp float halfWidth = 0.5 * lineWidth;
    return 1.0 - smoothstep(halfWidth - 0.5 * texelWidth, halfWidth + 0.5 * texelWidth, fromLine);
}

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump float luminance = dot(colour.rgb, luminanceWeights);
    highp vec2 position = textureCoordinate * vec2(1.0, texelWidth / texelHeight);
    // Positions across the two diagonal sets, projections on (1, 1)/√2 and (1, −1)/√2. With y growing
    // downwards, lines of constant x + y run like '/' and lines of constant x − y like '\'.
    highp float acrossSlashes = (position.x + position.y) * 0.70710678;
    highp float acrossBackslashes = (position.x - position.y) * 0.70710678;
    highp float ink = 0.0;
    if (luminance < 0.8) { ink = max(ink, lineInk(acrossSlashes, 0.0)); }
    if (luminance < 0.6) { ink = max(ink, lineInk(acrossBackslashes, 0.0)); }
    if (luminance < 0.4) { ink = max(ink, lineInk(acrossSlashes, 0.5)); }
    if (luminance < 0.2) { ink = max(ink, lineInk(acrossBackslashes, 0.5)); }
    gl_FragColor = vec4(vec3(1.0 - ink), colour.a);
}

// Halftone: prints the image as black dots on white paper, on a grid of square cells
// `fractionalWidthOfPixel` of the image width across. Each dot's area is the cell's share of ink, one minus
// the luminance at the cell's centre, so dark cells get large dots that merge and light cells small ones.
// Cells are kept square with the image's aspect ratio, from `texelWidth` and `texelHeight`.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform highp float fractionalWidthOfPixel; // default: 0.02, range: 0.004...0.1, label: "Dot spacing (fraction of the image width)"

const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

void main() {
    // Work in image widths on both axes, where a cell is a true square.
    highp vec2 toWidths = vec2(1.0, texelWidth / texelHeight);
    highp vec2 position = textureCoordinate * toWidths;
    highp float cell = fractionalWidthOfPixel;
    highp vec2 cellCenter = (floor(position / cell) + 0.5) * cell;
    lowp vec4 colour = texture2D(inputImageTexture, cellCenter / toWidths);
    mediump float ink = 1.0 - dot(colour.rgb, luminanceWeights);
    // A disc of radius r covers πr² of a cell of area cell², so r = cell·√(ink/π); at full ink it reaches
    // just past the cell's edge midpoints, leaving only small white specks at the corners.
    highp float dotRadius = cell * sqrt(ink / 3.14159265);
    highp float distanceFromCenter = distance(position, cellCenter);
    // Soften the rim over about one pixel so dots are smooth rather than stair-stepped.
    highp float onePixel = texelWidth;
    lowp float paper = smoothstep(dotRadius - 0.5 * onePixel, dotRadius + 0.5 * onePixel, distanceFromCenter);
    gl_FragColor = vec4(vec3(paper), colour.a);
}

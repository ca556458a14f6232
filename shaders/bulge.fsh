// Bulge: magnifies a disc around `center` as if seen through a lens or pushed out from behind (a negative
// `scale` shrinks it instead). A pixel at distance d inside `radius` r reads from distance
// d·(1 − scale·(1 − (d/r)²)²): the centre is magnified by 1 / (1 − scale), and the factor eases to exactly
// 1, with zero slope, at the rim so there is no seam. Distances are in image widths in both directions.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform highp vec2 center;      // default: [0.5, 0.5], range: 0...1, label: "Centre"
uniform highp float radius;     // default: 0.3, range: 0...1, label: "Radius (fraction of the image width)"
uniform highp float scale;      // default: 0.5, range: -1...1, label: "Scale (positive bulges, negative shrinks)"

void main() {
    // Height over width: converts y from image heights to image widths, so distances agree either way.
    highp vec2 toWidths = vec2(1.0, texelWidth / texelHeight);
    highp vec2 offset = (textureCoordinate - center) * toWidths;
    highp float relative = length(offset) / radius;
    if (relative < 1.0) {
        highp float rim = 1.0 - relative * relative;
        // Stays below 1 for scale up to 1, so the mapping never folds back on itself.
        offset *= 1.0 - scale * rim * rim;
    }
    gl_FragColor = texture2D(inputImageTexture, center + offset / toWidths);
}

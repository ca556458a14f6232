// Pinch: draws the image in towards `center` as if the picture were pulled through a hole behind it (a
// negative `scale` pushes it out instead). A pixel at distance d inside `radius` r reads from distance
// d·sin(π/2 · d/r)^(−scale). Near the centre that behaves like d^(1 − scale), squeezing ever more of the
// picture into the middle; at the rim the factor is 1 with zero slope, so there is no seam. The mapping
// stays one to one for scale below 1. Distances are in image widths in both directions.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform highp vec2 center;      // default: [0.5, 0.5], range: 0...1, label: "Centre"
uniform highp float radius;     // default: 0.4, range: 0...1, label: "Radius (fraction of the image width)"
uniform highp float scale;      // default: 0.5, range: -1...0.95, label: "Scale (positive pinches, negative swells)"

void main() {
    // Height over width: converts y from image heights to image widths, so distances agree either way.
    highp vec2 toWidths = vec2(1.0, texelWidth / texelHeight);
    highp vec2 offset = (textureCoordinate - center) * toWidths;
    highp float relative = length(offset) / radius;
    if (relative < 1.0) {
        // pow(0, −scale) is infinite at the very centre, where the offset is zero anyway; keep it finite.
        offset *= pow(max(sin(1.57079633 * relative), 1e-4), -scale);
    }
    gl_FragColor = texture2D(inputImageTexture, center + offset / toWidths);
}

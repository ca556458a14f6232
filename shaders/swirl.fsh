// Swirl: twists the image around `center` like a stirred liquid. Within `radius` each pixel reads from a
// point turned by up to `angle` degrees; the turn falls off with the square of the distance, to nothing at
// the rim, so the swirl blends into the untouched image outside it. Distances are measured in image
// widths in both directions (using `texelWidth` and `texelHeight`), so the swirl is round.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform highp vec2 center;      // default: [0.5, 0.5], range: 0...1, label: "Centre"
uniform highp float radius;     // default: 0.35, range: 0...1, label: "Radius (fraction of the image width)"
uniform highp float angle;      // default: 240, range: -720...720, label: "Twist at the centre (degrees)"

void main() {
    // Height over width: converts y from image heights to image widths, so distances agree either way.
    highp vec2 toWidths = vec2(1.0, texelWidth / texelHeight);
    highp vec2 offset = (textureCoordinate - center) * toWidths;
    highp float distanceFromCenter = length(offset);
    if (distanceFromCenter < radius) {
        highp float falloff = 1.0 - distanceFromCenter / radius;
        highp float theta = radians(angle) * falloff * falloff;
        highp float cosine = cos(theta);
        highp float sine = sin(theta);
        offset = mat2(cosine, sine, -sine, cosine) * offset;
    }
    gl_FragColor = texture2D(inputImageTexture, center + offset / toWidths);
}

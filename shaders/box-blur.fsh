// Box blur: each pixel becomes the plain average of the square of pixels up to `radius` texels away on
// each side. A fractional radius gives the outermost ring of samples a partial weight, so the blur grows
// smoothly as the radius is dragged. Every sample is a texture read, (2·radius + 1)² of them.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform mediump float radius;   // default: 4, range: 0...10, label: "Radius (texels)"

// GLSL ES 1.00 loops need constant bounds: the largest radius the loops below can reach.
const int maximumRadius = 10;

void main() {
    highp vec2 texel = vec2(texelWidth, texelHeight);
    mediump float reach = clamp(radius, 0.0, float(maximumRadius));
    mediump vec4 sum = vec4(0.0);
    mediump float totalWeight = 0.0;
    for (int y = -maximumRadius; y <= maximumRadius; ++y) {
        // 1 for rows within the radius, the fractional part for the first row beyond it, 0 further out.
        mediump float rowWeight = clamp(reach + 1.0 - abs(float(y)), 0.0, 1.0);
        if (rowWeight == 0.0) {
            continue;
        }
        for (int x = -maximumRadius; x <= maximumRadius; ++x) {
            mediump float weight = rowWeight * clamp(reach + 1.0 - abs(float(x)), 0.0, 1.0);
            if (weight == 0.0) {
                continue;
            }
            highp vec2 coordinate = textureCoordinate + vec2(float(x), float(y)) * texel;
            sum += weight * texture2D(inputImageTexture, coordinate);
            totalWeight += weight;
        }
    }
    gl_FragColor = sum / totalWeight;
}

// Unsharp mask: sharpens by adding back `intensity` times the difference between the image and a blurred
// copy of it. The blur is a Gaussian of standard deviation `blurRadius` / 2 texels, computed in this pass,
// so the mask takes detail up to about `blurRadius` texels across: larger radii lift broader contrast.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform mediump float blurRadius;   // default: 4, range: 0.5...8, label: "Blur radius (texels)"
uniform mediump float intensity;    // default: 1.5, range: 0...4, label: "Intensity (0 = original)"

// GLSL ES 1.00 loops need constant bounds: samples reach at most this many texels from the centre.
const int maximumRadius = 8;

void main() {
    highp vec2 texel = vec2(texelWidth, texelHeight);
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump float sigma = max(blurRadius, 0.5) * 0.5;
    // Samples further out than twice σ add little; skipping them keeps small radii cheap.
    mediump float reach = min(2.0 * sigma + 1.0, float(maximumRadius));
    mediump vec3 sum = vec3(0.0);
    mediump float totalWeight = 0.0;
    for (int y = -maximumRadius; y <= maximumRadius; ++y) {
        if (abs(float(y)) > reach) {
            continue;
        }
        for (int x = -maximumRadius; x <= maximumRadius; ++x) {
            if (abs(float(x)) > reach) {
                continue;
            }
            mediump vec2 offset = vec2(float(x), float(y));
            mediump float weight = exp(-dot(offset, offset) / (2.0 * sigma * sigma));
            sum += weight * texture2D(inputImageTexture, textureCoordinate + offset * texel).rgb;
            totalWeight += weight;
        }
    }
    mediump vec3 blurred = sum / totalWeight;
    gl_FragColor = vec4(clamp(colour.rgb + intensity * (colour.rgb - blurred), 0.0, 1.0), colour.a);
}

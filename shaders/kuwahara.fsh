// Kuwahara: an edge-preserving smoothing that makes a photo look painted. The (radius + 1)² squares that
// have this pixel as a corner (top left, top right, bottom left, bottom right) are each averaged, and the
// pixel takes the average of the square whose colours vary least: it never blurs across an edge, since a
// square straddling one varies a lot. Costly: (2·radius + 1)² texture reads a pixel, slow on software
// rendering at large radii.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform int radius;     // default: 4, range: 1...8, label: "Radius (texels)"

// GLSL ES 1.00 loops need constant bounds: the largest radius the loop below can reach.
const int maximumRadius = 8;

void main() {
    highp vec2 texel = vec2(texelWidth, texelHeight);
    // Held to what the loop can reach, so the sample count below matches the samples taken.
    int reach = int(clamp(float(radius), 0.0, float(maximumRadius)));
    // Per square: the sum of colours and the sum of their squares, for mean and variance in one pass.
    // Indices: 0 top left, 1 top right, 2 bottom left, 3 bottom right (y grows downwards).
    mediump vec3 sum0 = vec3(0.0), sum1 = vec3(0.0), sum2 = vec3(0.0), sum3 = vec3(0.0);
    mediump vec3 squares0 = vec3(0.0), squares1 = vec3(0.0), squares2 = vec3(0.0), squares3 = vec3(0.0);
    for (int y = -maximumRadius; y <= maximumRadius; ++y) {
        if (y < -reach || y > reach) {
            continue;
        }
        for (int x = -maximumRadius; x <= maximumRadius; ++x) {
            if (x < -reach || x > reach) {
                continue;
            }
            highp vec2 coordinate = textureCoordinate + vec2(float(x), float(y)) * texel;
            mediump vec3 neighbour = texture2D(inputImageTexture, coordinate).rgb;
            mediump vec3 squared = neighbour * neighbour;
            // The centre row and column belong to two squares each, the centre pixel to all four.
            if (x <= 0 && y <= 0) { sum0 += neighbour; squares0 += squared; }
            if (x >= 0 && y <= 0) { sum1 += neighbour; squares1 += squared; }
            if (x <= 0 && y >= 0) { sum2 += neighbour; squares2 += squared; }
            if (x >= 0 && y >= 0) { sum3 += neighbour; squares3 += squared; }
        }
    }
    mediump float count = float((reach + 1) * (reach + 1));
    mediump vec3 mean0 = sum0 / count, mean1 = sum1 / count, mean2 = sum2 / count, mean3 = sum3 / count;
    // Variance is E[x²] − E[x]²; summing it over the channels judges each square on all three at once.
    mediump float variance0 = dot(squares0 / count - mean0 * mean0, vec3(1.0));
    mediump float variance1 = dot(squares1 / count - mean1 * mean1, vec3(1.0));
    mediump float variance2 = dot(squares2 / count - mean2 * mean2, vec3(1.0));
    mediump float variance3 = dot(squares3 / count - mean3 * mean3, vec3(1.0));
    mediump vec3 result = mean0;
    mediump float least = variance0;
    if (variance1 < least) { result = mean1; least = variance1; }
    if (variance2 < least) { result = mean2; least = variance2; }
    if (variance3 < least) { result = mean3; }
    gl_FragColor = vec4(result, texture2D(inputImageTexture, textureCoordinate).a);
}

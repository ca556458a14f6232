// Toon: a cartoon look. Colours are rounded to `quantizationLevels` steps per channel, giving flat areas of
// paint, and wherever the Sobel edge strength of the luminance passes `threshold` a black outline is drawn.
varying highp vec2 textureCoordinate;
varying highp vec2 leftTextureCoordinate;
varying highp vec2 rightTextureCoordinate;
varying highp vec2 topTextureCoordinate;
varying highp vec2 topLeftTextureCoordinate;
varying highp vec2 topRightTextureCoordinate;
varying highp vec2 bottomTextureCoordinate;
varying highp vec2 bottomLeftTextureCoordinate;
varying highp vec2 bottomRightTextureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump float threshold;            // default: 0.2, range: 0...1, label: "Edge threshold (lower = more outlines)"
uniform mediump float quantizationLevels;   // default: 8, range: 2...32, label: "Colour steps per channel"

const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

mediump float luminanceAt(highp vec2 coordinate) {
    return dot(texture2D(inputImageTexture, coordinate).rgb, luminanceWeights);
}

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump float topLeft = luminanceAt(topLeftTextureCoordinate);
    mediump float top = luminanceAt(topTextureCoordinate);
    mediump float topRight = luminanceAt(topRightTextureCoordinate);
    mediump float left = luminanceAt(leftTextureCoordinate);
    mediump float right = luminanceAt(rightTextureCoordinate);
    mediump float bottomLeft = luminanceAt(bottomLeftTextureCoordinate);
    mediump float bottom = luminanceAt(bottomTextureCoordinate);
    mediump float bottomRight = luminanceAt(bottomRightTextureCoordinate);
    mediump float horizontal = (topRight + 2.0 * right + bottomRight) - (topLeft + 2.0 * left + bottomLeft);
    mediump float vertical = (bottomLeft + 2.0 * bottom + bottomRight) - (topLeft + 2.0 * top + topRight);
    mediump float edge = length(vec2(horizontal, vertical));
    // Rounding to the nearest step (rather than flooring) keeps the average brightness of the picture.
    mediump vec3 quantized = floor(colour.rgb * quantizationLevels + 0.5) / quantizationLevels;
    // step gives 1 on an outline: paint it black there, keep the flat colour elsewhere.
    gl_FragColor = vec4(quantized * (1.0 - step(threshold, edge)), colour.a);
}

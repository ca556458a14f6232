// Sketch: a pencil drawing from the image's edges. The Sobel operator measures how fast luminance changes
// across the 3×3 neighbourhood; strong change draws dark, flat areas stay white paper.
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
uniform mediump float edgeStrength; // default: 2, range: 0...8, label: "Line strength"

const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

mediump float luminanceAt(highp vec2 coordinate) {
    return dot(texture2D(inputImageTexture, coordinate).rgb, luminanceWeights);
}

void main() {
    mediump float topLeft = luminanceAt(topLeftTextureCoordinate);
    mediump float top = luminanceAt(topTextureCoordinate);
    mediump float topRight = luminanceAt(topRightTextureCoordinate);
    mediump float left = luminanceAt(leftTextureCoordinate);
    mediump float right = luminanceAt(rightTextureCoordinate);
    mediump float bottomLeft = luminanceAt(bottomLeftTextureCoordinate);
    mediump float bottom = luminanceAt(bottomTextureCoordinate);
    mediump float bottomRight = luminanceAt(bottomRightTextureCoordinate);
    // Sobel: right column minus left column, bottom row minus top row, the middle of each weighted twice.
    mediump float horizontal = (topRight + 2.0 * right + bottomRight) - (topLeft + 2.0 * left + bottomLeft);
    mediump float vertical = (bottomLeft + 2.0 * bottom + bottomRight) - (topLeft + 2.0 * top + topRight);
    mediump float edge = length(vec2(horizontal, vertical)) * edgeStrength;
    lowp float alpha = texture2D(inputImageTexture, textureCoordinate).a;
    gl_FragColor = vec4(vec3(1.0 - clamp(edge, 0.0, 1.0)), alpha);
}

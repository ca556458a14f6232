// Pixellate: paints the image as a grid of square blocks, each filled with the colour at its centre.
// A block is `fractionalWidthOfPixel` of the image width across; its height in texture coordinates is
// scaled by the image's aspect ratio (from `texelWidth` and `texelHeight`) so blocks stay square.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform highp float texelWidth;
uniform highp float texelHeight;
uniform highp float fractionalWidthOfPixel; // default: 0.025, range: 0.002...0.2, label: "Block size (fraction of the image width)"

void main() {
    // A block as tall as it is wide: the same number of pixels down as across.
    highp vec2 block = vec2(fractionalWidthOfPixel, fractionalWidthOfPixel * texelHeight / texelWidth);
    highp vec2 blockCenter = (floor(textureCoordinate / block) + 0.5) * block;
    gl_FragColor = texture2D(inputImageTexture, blockCenter);
}

// Flip horizontal: mirrors the image left to right by reading each pixel from the opposite side.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main() {
    gl_FragColor = texture2D(inputImageTexture, vec2(1.0 - textureCoordinate.x, textureCoordinate.y));
}

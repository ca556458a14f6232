// The picture with its luminance histogram as bars across its bottom third: bin i of the 256×1 histogram
// image (each bin's share of the fullest) is the height of the bar at x = i / 256.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform sampler2D histogram;

void main() {
    lowp vec4 picture = texture2D(inputImageTexture, textureCoordinate);
    highp float band = 1.0 / 3.0;
    highp float fromBottom = 1.0 - textureCoordinate.y;
    highp float share = texture2D(histogram, vec2(textureCoordinate.x, 0.5)).r;
    if (fromBottom >= band) {
        gl_FragColor = picture;
    } else if (fromBottom / band < share) {
        gl_FragColor = vec4(1.0, 0.75, 0.3, 1.0);
    } else {
        gl_FragColor = vec4(picture.rgb * 0.35, 1.0);
    }
}

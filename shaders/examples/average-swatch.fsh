// The picture with a swatch of its mean colour down its right fifth, framed by a thin dark line.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp vec4 mean;

void main() {
    highp float x = textureCoordinate.x;
    if (x < 0.795) {
        gl_FragColor = texture2D(inputImageTexture, textureCoordinate);
    } else if (x < 0.8) {
        gl_FragColor = vec4(0.1, 0.1, 0.1, 1.0);
    } else {
        gl_FragColor = vec4(mean.rgb, 1.0);
    }
}

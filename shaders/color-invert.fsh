// Colour invert: the photographic negative, 1 − value on every colour channel; alpha is kept.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(vec3(1.0) - colour.rgb, colour.a);
}

// Adds `brightness` (-1 … 1) to every channel.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp float brightness;  // default: 0, range: -1...1, label: "Brightness (0 = unchanged)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(colour.rgb + vec3(brightness), colour.a);
}

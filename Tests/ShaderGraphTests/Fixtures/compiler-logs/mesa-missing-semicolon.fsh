varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate)
    lowp float grey = dot(colour.rgb, vec3(0.299, 0.587, 0.114));
    gl_FragColor = vec4(vec3(grey), colour.a);
}

// Colour tracking view: the pixels that match the target shown in white over the image.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;   // the mask from threshold.fsh

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    lowp float match = texture2D(inputImageTexture2, textureCoordinate).r;
    gl_FragColor = vec4(mix(colour.rgb, vec3(1.0), match), 1.0);
}

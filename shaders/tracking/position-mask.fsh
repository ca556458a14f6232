// Colour tracking view: the mask with each matching pixel coloured by its position (red = x, green = y,
// from the top-left), the image whose average gives the centroid; GPUImage's original shows this step.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;   // the mask from threshold.fsh

void main() {
    lowp float match = texture2D(inputImageTexture, textureCoordinate).r;
    gl_FragColor = vec4(textureCoordinate * match, match, 1.0);
}

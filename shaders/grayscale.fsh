// Grayscale: replaces each colour by its luminance, the Rec. 709 weighted sum of its channels.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Green looks far brighter than blue at the same value, so a plain average would misjudge brightness.
const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(vec3(dot(colour.rgb, luminanceWeights)), colour.a);
}

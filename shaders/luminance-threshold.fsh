// Luminance threshold: pixels brighter than `threshold` turn white, the rest black.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp float threshold;   // default: 0.5, range: 0...1, label: "Threshold"

// Rec. 709 luma weights, so the cut follows perceived brightness rather than the plain channel average.
const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    lowp float luminance = dot(colour.rgb, luminanceWeights);
    gl_FragColor = vec4(vec3(step(threshold, luminance)), colour.a);
}

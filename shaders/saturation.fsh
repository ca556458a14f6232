// Saturation: moves each colour towards or away from its own luminance, so greys stay grey
// (0 = black and white, 1 = unchanged, 2 = twice as far from grey).
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump float saturation;   // default: 1.6, range: 0...2, label: "Saturation (1 = unchanged)"

// Rec. 709 luma weights: how bright each primary looks, so a change of saturation keeps brightness.
const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump float luminance = dot(colour.rgb, luminanceWeights);
    // Above 1 the mix extrapolates past the original, which can leave 0…1; clamp for float targets.
    mediump vec3 saturated = mix(vec3(luminance), colour.rgb, saturation);
    gl_FragColor = vec4(clamp(saturated, 0.0, 1.0), colour.a);
}

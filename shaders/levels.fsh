// Levels, per channel as in a photo editor: input values from `inputMinimum` to `inputMaximum` are
// stretched to 0…1 (those outside are clipped), bent by the midtone `gamma`, then mapped onto
// `outputMinimum`…`outputMaximum`.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump vec3 inputMinimum;  // default: [0.08, 0.08, 0.08], range: 0...1, label: "Input black point"
uniform mediump vec3 inputMaximum;  // default: [0.85, 0.85, 0.85], range: 0...1, label: "Input white point"
uniform mediump vec3 gamma;         // default: [1.2, 1.2, 1.2], range: 0.1...5, label: "Midtone gamma (1 = linear, above 1 = brighter)"
uniform mediump vec3 outputMinimum; // default: [0, 0, 0], range: 0...1, label: "Output black point"
uniform mediump vec3 outputMaximum; // default: [1, 1, 1], range: 0...1, label: "Output white point"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    // Keep the input span away from zero so equal (or crossed) points give a hard step, not a NaN.
    mediump vec3 span = max(inputMaximum - inputMinimum, vec3(0.001));
    mediump vec3 stretched = clamp((colour.rgb - inputMinimum) / span, 0.0, 1.0);
    // The editors' convention: a larger midtone gamma brightens, hence the reciprocal exponent.
    mediump vec3 bent = pow(stretched, 1.0 / max(gamma, vec3(0.01)));
    gl_FragColor = vec4(mix(outputMinimum, outputMaximum, bent), colour.a);
}

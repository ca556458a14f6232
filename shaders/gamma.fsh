// Gamma: raises every channel to the power `gamma`. Black and white stay put and the midtones move:
// below 1 lifts them, above 1 darkens them.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump float gamma;    // default: 0.7, range: 0.2...3, label: "Gamma (1 = unchanged, below 1 = brighter)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    // pow is undefined for negative bases, which a float input could hold.
    gl_FragColor = vec4(pow(max(colour.rgb, vec3(0.0)), vec3(gamma)), colour.a);
}

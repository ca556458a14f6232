// Colour dodge blend: brightens the first image by dividing it by the inverse of the second, first / (1 −
// second), clipped at white. Black in the second image changes nothing; light tones blow the first image
// out. How much of the blend shows is the second image's alpha times `intensity`; the first image's alpha
// is kept.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = first image only)"

void main() {
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    // Dividing by a tiny 1 − second gives white whatever the first image is, except where it is black,
    // which stays black: nothing to brighten.
    mediump vec3 headroom = max(vec3(1.0) - overlay.rgb, vec3(0.0001));
    mediump vec3 blended = min(base.rgb / headroom, vec3(1.0));
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a * intensity), base.a);
}

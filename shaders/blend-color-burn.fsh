// Colour burn blend: darkens the first image by dividing its inverse by the second, 1 − (1 − first) /
// second, clipped at black. White in the second image changes nothing; dark tones burn the first image to
// black. How much of the blend shows is the second image's alpha times `intensity`; the first image's
// alpha is kept.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = first image only)"

void main() {
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    // Dividing by a tiny second gives black whatever the first image is, except where it is white, which
    // stays white: nothing to darken.
    mediump vec3 divisor = max(overlay.rgb, vec3(0.0001));
    mediump vec3 blended = vec3(1.0) - min((vec3(1.0) - base.rgb) / divisor, vec3(1.0));
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a * intensity), base.a);
}

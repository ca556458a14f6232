// Overlay blend: contrast from the second image laid onto the first. Where the first image is darker than
// mid grey the two are multiplied (doubled), where lighter they are screened, so the first image's
// shadows and highlights survive while the second image's tones colour it. How much of the blend shows
// is the second image's alpha times `intensity`; the first image's alpha is kept.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = first image only)"

void main() {
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    // Both halves meet at the base's mid grey, where each gives the second image's value.
    mediump vec3 multiplied = 2.0 * base.rgb * overlay.rgb;
    mediump vec3 screened = vec3(1.0) - 2.0 * (vec3(1.0) - base.rgb) * (vec3(1.0) - overlay.rgb);
    mediump vec3 blended = mix(multiplied, screened, step(0.5, base.rgb));
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a * intensity), base.a);
}

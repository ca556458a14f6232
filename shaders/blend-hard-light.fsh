// Hard light blend: the overlay blend with the roles swapped, as if the second image were a harsh
// spotlight on the first. Where the second image is darker than mid grey the two are multiplied (doubled),
// where lighter they are screened. How much of the blend shows is the second image's alpha times
// `intensity`; the first image's alpha is kept.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = first image only)"

void main() {
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    // The second image picks the half; at its mid grey both halves give the first image's value.
    mediump vec3 multiplied = 2.0 * base.rgb * overlay.rgb;
    mediump vec3 screened = vec3(1.0) - 2.0 * (vec3(1.0) - base.rgb) * (vec3(1.0) - overlay.rgb);
    mediump vec3 blended = mix(multiplied, screened, step(0.5, overlay.rgb));
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a * intensity), base.a);
}

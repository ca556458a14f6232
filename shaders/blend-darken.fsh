// Darken blend: keeps the darker of the two images in each channel. How much of the blend shows is the
// second image's alpha times `intensity`; the first image's alpha is kept.
varying highp vec2 textureCoordinate;
varying highp vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = first image only)"

void main() {
    lowp vec4 base = texture2D(inputImageTexture, textureCoordinate);
    lowp vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    lowp vec3 blended = min(base.rgb, overlay.rgb);
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a * intensity), base.a);
}

// Posterize: cuts each channel into `colorLevels` equal bands and paints each band one flat value, from
// black for the lowest to full for the highest.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform int colorLevels;    // default: 4, range: 2...32, label: "Levels per channel"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    // Fewer than two levels would divide by zero below.
    mediump float levels = max(float(colorLevels), 2.0);
    // floor(value · levels) numbers the band; a value of exactly 1 would start a band of its own, so cap it.
    mediump vec3 band = min(floor(colour.rgb * levels), vec3(levels - 1.0));
    gl_FragColor = vec4(band / (levels - 1.0), colour.a);
}

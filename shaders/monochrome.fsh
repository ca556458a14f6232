// Monochrome: the picture in shades of one colour. Each pixel's luminance is overlaid with `color`, so
// black stays black, white stays white and mid grey becomes `color`; `intensity` mixes with the original.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp vec3 color;        // default: [0.6, 0.45, 0.3], range: 0...1, label: "Colour (what mid grey becomes)"
uniform lowp float intensity;   // default: 1, range: 0...1, label: "Intensity (0 = original)"

const mediump vec3 luminanceWeights = vec3(0.2125, 0.7154, 0.0721);

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump float luminance = dot(colour.rgb, luminanceWeights);
    // The overlay blend of grey with the tint: multiply in the shadows, screen in the highlights, meeting at
    // mid grey, which keeps the whole tonal range.
    mediump vec3 shadows = 2.0 * luminance * color;
    mediump vec3 highlights = vec3(1.0) - 2.0 * (1.0 - luminance) * (vec3(1.0) - color);
    mediump vec3 toned = luminance < 0.5 ? shadows : highlights;
    gl_FragColor = vec4(mix(colour.rgb, toned, intensity), colour.a);
}

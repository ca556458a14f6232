// Colour tracking, step 1: white where a pixel's colour is near the target, black elsewhere. Colours are
// compared by chromaticity (each channel divided by the channel sum), so a shadow on the object does not
// move it away from the target: only hue and saturation count, not how much light falls on it.
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp vec3 targetColor;   // default: [0.9, 0.1, 0.1], range: 0...1, label: "Colour to track"
uniform lowp float threshold;    // default: 0.3, range: 0...1, label: "How far a colour may be from the target"

void main() {
    lowp vec3 colour = texture2D(inputImageTexture, textureCoordinate).rgb;
    mediump vec3 normalised = colour / max(colour.r + colour.g + colour.b, 0.001);
    mediump vec3 target = targetColor / max(targetColor.r + targetColor.g + targetColor.b, 0.001);
    // Near-black pixels have no reliable chromaticity; they never match.
    lowp float lit = step(0.05, colour.r + colour.g + colour.b);
    lowp float match = lit * (1.0 - step(threshold, distance(normalised, target)));
    gl_FragColor = vec4(vec3(match), 1.0);
}

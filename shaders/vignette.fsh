// Darkens towards the corners: fully clear inside `vignetteStart`, fully `vignetteColor` beyond `vignetteEnd`
// (distances from `vignetteCenter` in texture coordinates).
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp vec2 vignetteCenter;   // default: [0.5, 0.5], range: 0...1, label: "Centre"
uniform lowp vec3 vignetteColor;    // default: [0, 0, 0], range: 0...1, label: "Colour at the edges"
uniform highp float vignetteStart;  // default: 0.3, range: 0...1, label: "Start (distance from the centre)"
uniform highp float vignetteEnd;    // default: 0.75, range: 0...1.5, label: "End (fully coloured)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    lowp float amount = smoothstep(vignetteStart, vignetteEnd, distance(textureCoordinate, vignetteCenter));
    gl_FragColor = vec4(mix(colour.rgb, vignetteColor, amount), colour.a);
}

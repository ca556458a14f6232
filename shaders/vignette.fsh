// Darkens towards the corners: fully clear inside `vignetteStart`, fully `vignetteColor` beyond `vignetteEnd`
// (distances from `vignetteCenter` in texture coordinates).
varying highp vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform lowp vec2 vignetteCenter;
uniform lowp vec3 vignetteColor;
uniform highp float vignetteStart;
uniform highp float vignetteEnd;

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    lowp float amount = smoothstep(vignetteStart, vignetteEnd, distance(textureCoordinate, vignetteCenter));
    gl_FragColor = vec4(mix(colour.rgb, vignetteColor, amount), colour.a);
}

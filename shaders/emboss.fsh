// Emboss: a raised-relief look, lit from the top left. The 3×3 kernel is the identity plus `intensity`
// times a diagonal gradient (bottom right minus top left), so flat areas keep their colour while each
// change of brightness gains a light side facing the top left and a shadow side facing the bottom right.
varying highp vec2 textureCoordinate;
varying highp vec2 leftTextureCoordinate;
varying highp vec2 rightTextureCoordinate;
varying highp vec2 topTextureCoordinate;
varying highp vec2 topLeftTextureCoordinate;
varying highp vec2 bottomTextureCoordinate;
varying highp vec2 bottomRightTextureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump float intensity;    // default: 1.5, range: 0...4, label: "Intensity (0 = original)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    // The gradient kernel:  -2 -1  0
    //                       -1  0  1
    //                        0  1  2
    // Its weights sum to zero, so it sees only change; the corners count twice as they lie along the light.
    mediump vec3 relief = 2.0 * texture2D(inputImageTexture, bottomRightTextureCoordinate).rgb
        + texture2D(inputImageTexture, rightTextureCoordinate).rgb
        + texture2D(inputImageTexture, bottomTextureCoordinate).rgb
        - texture2D(inputImageTexture, leftTextureCoordinate).rgb
        - texture2D(inputImageTexture, topTextureCoordinate).rgb
        - 2.0 * texture2D(inputImageTexture, topLeftTextureCoordinate).rgb;
    gl_FragColor = vec4(clamp(colour.rgb + intensity * relief, 0.0, 1.0), colour.a);
}

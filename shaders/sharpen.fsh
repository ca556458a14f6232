// Sharpen: adds `sharpness` times the difference between each pixel and its four nearest neighbours (a
// discrete Laplacian), which steepens every edge and brings out fine texture.
varying highp vec2 textureCoordinate;
varying highp vec2 leftTextureCoordinate;
varying highp vec2 rightTextureCoordinate;
varying highp vec2 topTextureCoordinate;
varying highp vec2 bottomTextureCoordinate;
uniform sampler2D inputImageTexture;
uniform mediump float sharpness;    // default: 1, range: 0...4, label: "Sharpness (0 = original)"

void main() {
    lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
    mediump vec3 neighbours = texture2D(inputImageTexture, leftTextureCoordinate).rgb
        + texture2D(inputImageTexture, rightTextureCoordinate).rgb
        + texture2D(inputImageTexture, topTextureCoordinate).rgb
        + texture2D(inputImageTexture, bottomTextureCoordinate).rgb;
    // Zero on flat areas and on even slopes; its sign says which side of an edge a pixel is on.
    mediump vec3 detail = 4.0 * colour.rgb - neighbours;
    gl_FragColor = vec4(clamp(colour.rgb + sharpness * detail, 0.0, 1.0), colour.a);
}

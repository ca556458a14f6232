// The vertex stage the workbench pairs with a fragment shader that has none of its own: the one GPUImage
// would pair it with, recognised from the varyings it reads. VertexStage puts the fragment shader's #version
// first, since the two stages must match, and defines USES_<name> for each coordinate the fragment shader
// reads, so only those are passed on; USES_TEXEL_STEP when one of them is a step or more away, and
// BLUR_COORDINATES to the length of the blurCoordinates array it reads.
//
// Texture coordinates run from (0, 0) at the first row of an image's data (its top) to (1, 1): the quad's
// clip-space y of -1 lands on render-target row 0, so rows stay in image order end to end. Every input is
// laid onto the pass's shape before it is sampled, so each input's coordinate is the same.
#if __VERSION__ >= 300
#define VERTEX_INPUT in
#define VERTEX_OUTPUT out
#else
#define VERTEX_INPUT attribute
#define VERTEX_OUTPUT varying
#endif

// A full-target quad in clip space.
VERTEX_INPUT vec2 position;

// The step between sampled texels, GPUImage's texelWidth and texelHeight. It is named apart from the fragment
// shader's own uniforms of those names, so a precision the user chose for them never clashes with it at link
// time.
#ifdef USES_TEXEL_STEP
uniform highp vec2 shaderbenchTexelStep;
#endif

// The texture coordinate, once per image input in GPUImage's multi-input convention; its reduction shaders
// declare it as outputTextureCoordinate.
#ifdef USES_textureCoordinate
VERTEX_OUTPUT highp vec2 textureCoordinate;
#endif
#ifdef USES_textureCoordinate2
VERTEX_OUTPUT highp vec2 textureCoordinate2;
#endif
#ifdef USES_textureCoordinate3
VERTEX_OUTPUT highp vec2 textureCoordinate3;
#endif
#ifdef USES_textureCoordinate4
VERTEX_OUTPUT highp vec2 textureCoordinate4;
#endif
#ifdef USES_textureCoordinate5
VERTEX_OUTPUT highp vec2 textureCoordinate5;
#endif
#ifdef USES_outputTextureCoordinate
VERTEX_OUTPUT highp vec2 outputTextureCoordinate;
#endif

// glslViewer's coordinate: y up, from (0, 0) at the image's bottom-left.
#ifdef USES_v_texcoord
VERTEX_OUTPUT highp vec2 v_texcoord;
#endif

// Bonzomatic's coordinate, as its own vertex shader passes it on: y up, from (0, 0) at the bottom-left.
#ifdef USES_out_texcoord
VERTEX_OUTPUT highp vec2 out_texcoord;
#endif

// ISF's isf_FragNormCoord, for an ISF shader without a .vs that declares it itself, as files written for
// other hosts do: y up, from (0, 0) at the image's bottom-left.
#ifdef USES_isf_FragNormCoord
VERTEX_OUTPUT highp vec2 isf_FragNormCoord;
#endif

// GLSL Sandbox's surface position: the pass as a surface one unit high and as wide as its aspect ratio,
// centred on the origin, y up. Its size is set by the workbench.
#ifdef USES_surfacePosition
uniform highp vec2 shaderbenchSurfaceSize;
VERTEX_OUTPUT highp vec2 surfacePosition;
#endif

// GPUImage's 3×3 neighbourhood: the coordinates one step away, by direction.
#ifdef USES_leftTextureCoordinate
VERTEX_OUTPUT highp vec2 leftTextureCoordinate;
#endif
#ifdef USES_rightTextureCoordinate
VERTEX_OUTPUT highp vec2 rightTextureCoordinate;
#endif
#ifdef USES_topTextureCoordinate
VERTEX_OUTPUT highp vec2 topTextureCoordinate;
#endif
#ifdef USES_bottomTextureCoordinate
VERTEX_OUTPUT highp vec2 bottomTextureCoordinate;
#endif
#ifdef USES_topLeftTextureCoordinate
VERTEX_OUTPUT highp vec2 topLeftTextureCoordinate;
#endif
#ifdef USES_topRightTextureCoordinate
VERTEX_OUTPUT highp vec2 topRightTextureCoordinate;
#endif
#ifdef USES_bottomLeftTextureCoordinate
VERTEX_OUTPUT highp vec2 bottomLeftTextureCoordinate;
#endif
#ifdef USES_bottomRightTextureCoordinate
VERTEX_OUTPUT highp vec2 bottomRightTextureCoordinate;
#endif

// GPUImage's two-input neighbourhood (its cross texture sampling filters): the second input's coordinates one
// step away.
#ifdef USES_leftTextureCoordinate2
VERTEX_OUTPUT highp vec2 leftTextureCoordinate2;
#endif
#ifdef USES_rightTextureCoordinate2
VERTEX_OUTPUT highp vec2 rightTextureCoordinate2;
#endif
#ifdef USES_topTextureCoordinate2
VERTEX_OUTPUT highp vec2 topTextureCoordinate2;
#endif
#ifdef USES_bottomTextureCoordinate2
VERTEX_OUTPUT highp vec2 bottomTextureCoordinate2;
#endif

// GPUImage's reductions (average colour, luminosity): the four diagonal corners a step away, whose bilinear
// reads average a 4×4 block into one texel when the pass is a quarter of its input's size.
#ifdef USES_upperLeftInputTextureCoordinate
VERTEX_OUTPUT highp vec2 upperLeftInputTextureCoordinate;
#endif
#ifdef USES_upperRightInputTextureCoordinate
VERTEX_OUTPUT highp vec2 upperRightInputTextureCoordinate;
#endif
#ifdef USES_lowerLeftInputTextureCoordinate
VERTEX_OUTPUT highp vec2 lowerLeftInputTextureCoordinate;
#endif
#ifdef USES_lowerRightInputTextureCoordinate
VERTEX_OUTPUT highp vec2 lowerRightInputTextureCoordinate;
#endif

// GPUImage's blurs: blurCoordinates[i] lies shaderbenchBlurOffsets[i] texel steps from the pass's
// coordinate. Where GPUImage's blur vertex shaders put each one (in order from the centre out, or the centre
// then pairs either side) is worked out by BlurLayout and set once.
#ifdef BLUR_COORDINATES
uniform highp float shaderbenchBlurOffsets[BLUR_COORDINATES];
VERTEX_OUTPUT highp vec2 blurCoordinates[BLUR_COORDINATES];
#endif

void main() {
    highp vec2 coordinate = position * 0.5 + 0.5;
#ifdef USES_textureCoordinate
    textureCoordinate = coordinate;
#endif
#ifdef USES_textureCoordinate2
    textureCoordinate2 = coordinate;
#endif
#ifdef USES_textureCoordinate3
    textureCoordinate3 = coordinate;
#endif
#ifdef USES_textureCoordinate4
    textureCoordinate4 = coordinate;
#endif
#ifdef USES_textureCoordinate5
    textureCoordinate5 = coordinate;
#endif
#ifdef USES_outputTextureCoordinate
    outputTextureCoordinate = coordinate;
#endif
#ifdef USES_v_texcoord
    v_texcoord = vec2(coordinate.x, 1.0 - coordinate.y);
#endif
#ifdef USES_out_texcoord
    out_texcoord = vec2(coordinate.x, 1.0 - coordinate.y);
#endif
#ifdef USES_isf_FragNormCoord
    isf_FragNormCoord = vec2(coordinate.x, 1.0 - coordinate.y);
#endif
#ifdef USES_surfacePosition
    surfacePosition = vec2(coordinate.x - 0.5, 0.5 - coordinate.y) * shaderbenchSurfaceSize;
#endif
#ifdef USES_leftTextureCoordinate
    leftTextureCoordinate = coordinate + vec2(-1.0, 0.0) * shaderbenchTexelStep;
#endif
#ifdef USES_rightTextureCoordinate
    rightTextureCoordinate = coordinate + vec2(1.0, 0.0) * shaderbenchTexelStep;
#endif
#ifdef USES_topTextureCoordinate
    topTextureCoordinate = coordinate + vec2(0.0, -1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_bottomTextureCoordinate
    bottomTextureCoordinate = coordinate + vec2(0.0, 1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_topLeftTextureCoordinate
    topLeftTextureCoordinate = coordinate + vec2(-1.0, -1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_topRightTextureCoordinate
    topRightTextureCoordinate = coordinate + vec2(1.0, -1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_bottomLeftTextureCoordinate
    bottomLeftTextureCoordinate = coordinate + vec2(-1.0, 1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_bottomRightTextureCoordinate
    bottomRightTextureCoordinate = coordinate + vec2(1.0, 1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_leftTextureCoordinate2
    leftTextureCoordinate2 = coordinate + vec2(-1.0, 0.0) * shaderbenchTexelStep;
#endif
#ifdef USES_rightTextureCoordinate2
    rightTextureCoordinate2 = coordinate + vec2(1.0, 0.0) * shaderbenchTexelStep;
#endif
#ifdef USES_topTextureCoordinate2
    topTextureCoordinate2 = coordinate + vec2(0.0, -1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_bottomTextureCoordinate2
    bottomTextureCoordinate2 = coordinate + vec2(0.0, 1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_upperLeftInputTextureCoordinate
    upperLeftInputTextureCoordinate = coordinate + vec2(-1.0, -1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_upperRightInputTextureCoordinate
    upperRightInputTextureCoordinate = coordinate + vec2(1.0, -1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_lowerLeftInputTextureCoordinate
    lowerLeftInputTextureCoordinate = coordinate + vec2(-1.0, 1.0) * shaderbenchTexelStep;
#endif
#ifdef USES_lowerRightInputTextureCoordinate
    lowerRightInputTextureCoordinate = coordinate + vec2(1.0, 1.0) * shaderbenchTexelStep;
#endif
#ifdef BLUR_COORDINATES
    for (int index = 0; index < BLUR_COORDINATES; index++) {
        blurCoordinates[index] = coordinate + shaderbenchBlurOffsets[index] * shaderbenchTexelStep;
    }
#endif
    gl_Position = vec4(position, 0.0, 1.0);
}

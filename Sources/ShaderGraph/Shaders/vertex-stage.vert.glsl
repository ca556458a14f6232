// The vertex stage the workbench pairs with every fragment shader. VertexStage puts the fragment shader's
// #version first, since the two stages must match, and defines USES_<name> for each coordinate the fragment
// shader reads, so only those are passed on.
//
// Texture coordinates run from (0, 0) at the first row of an image's data (its top) to (1, 1): the quad's
// clip-space y of -1 lands on render-target row 0, so rows stay in image order end to end.
#if __VERSION__ >= 300
#define VERTEX_INPUT in
#define VERTEX_OUTPUT out
#else
#define VERTEX_INPUT attribute
#define VERTEX_OUTPUT varying
#endif

// A full-target quad in clip space.
VERTEX_INPUT vec2 position;

// GPUImage's 3×3 neighbourhood convention: the coordinates one texel away, by direction, a step apart. The
// step is named apart from the fragment shader's texelWidth and texelHeight, so a precision the user chose for
// those never clashes with it at link time.
#if defined(USES_leftTextureCoordinate) || defined(USES_rightTextureCoordinate) || defined(USES_topTextureCoordinate) || defined(USES_bottomTextureCoordinate)
#define USES_NEIGHBOURS
#elif defined(USES_topLeftTextureCoordinate) || defined(USES_topRightTextureCoordinate) || defined(USES_bottomLeftTextureCoordinate) || defined(USES_bottomRightTextureCoordinate)
#define USES_NEIGHBOURS
#endif
#ifdef USES_NEIGHBOURS
uniform highp vec2 shaderbenchTexelStep;
#endif

// One texture coordinate per image input, in GPUImage's multi-input convention, then the neighbours.
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
    gl_Position = vec4(position, 0.0, 1.0);
}

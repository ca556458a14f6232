// A shader that reads gl_LastFragData, on a GPU without EXT_shader_framebuffer_fetch: the workbench gives it
// what its target held before the draw as a texture, and each gl_LastFragData[0] in it is rewritten to
// shaderbenchFetched, which reads that texture at the fragment's own pixel. The name is exactly as long as
// what it replaces, so the columns the driver reports stay the user's.
#ifdef GL_FRAGMENT_PRECISION_HIGH
uniform highp sampler2D shaderbenchPreviousContents;
uniform highp vec2 shaderbenchTargetSize;
#else
uniform mediump sampler2D shaderbenchPreviousContents;
uniform mediump vec2 shaderbenchTargetSize;
#endif

#if __VERSION__ >= 300
#define shaderbenchFetched texture(shaderbenchPreviousContents, gl_FragCoord.xy / shaderbenchTargetSize)
#else
#define shaderbenchFetched texture2D(shaderbenchPreviousContents, gl_FragCoord.xy / shaderbenchTargetSize)
#endif

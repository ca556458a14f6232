// What an ISF vertex shader (.vs) is compiled after, besides the built-ins and the header's inputs:
// isf_vertShaderInit() places the vertex and sets isf_FragNormCoord (y up, as ISF has it), and GLSL 1.x's
// attribute and varying are mapped to GLSL ES 3.00.
// A full-target quad in clip space.
in vec2 position;
// The fragment stage reads it as a varying (isf-frag-norm-coord-varying.frag.glsl). A .vs may declare it itself,
// as files for hosts that do not declare it do; the workbench then defines SHADERBENCH_OWN_FRAG_NORM_COORD.
#ifndef SHADERBENCH_OWN_FRAG_NORM_COORD
out vec2 isf_FragNormCoord;
#endif
// Clip y of -1 lands on row 0, the image's top, which is 1 in ISF's y-up coordinates. A macro rather than a
// function, so that it reads the varying wherever the .vs declares it.
#define isf_vertShaderInit() (gl_Position = vec4(position, 0.0, 1.0), isf_FragNormCoord = vec2(position.x * 0.5 + 0.5, 0.5 - position.y * 0.5))
// ISF 1's names for them.
#define vv_vertShaderInit isf_vertShaderInit
#define vv_FragNormCoord isf_FragNormCoord
#define attribute in
#define varying out

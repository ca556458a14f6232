// GLSL ES fragment shaders have no default float precision, and GPUImage-style shaders rely on one: the
// highest the GPU has. The user's own precision statement, later in the file, still wins.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif

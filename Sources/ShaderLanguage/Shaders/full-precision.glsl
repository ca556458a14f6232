// Full precision, as the dialects' home hosts compute (ShaderPrecision): every lowp and mediump in the user's
// text, its precision statements included, reads as highp where the GPU has it.
#ifdef GL_FRAGMENT_PRECISION_HIGH
#define lowp highp
#define mediump highp
#endif

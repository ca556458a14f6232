// isf_FragNormCoord of an ISF shader with a .vs of its own: the varying its vertex stage writes, as VVISF has it,
// so what the .vs does to it after isf_vertShaderInit() reaches the fragment.
in vec2 isf_FragNormCoord;

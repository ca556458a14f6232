// GLSL ES 1.00's fragment-shader names, which desktop GLSL 3.30 core lacks, mapped to their 3.30 forms, so an
// ES 1.00 shader's text reads as desktop GLSL unchanged. Ahead of the shader, after the texture functions'.
#define varying in
out vec4 shaderbenchFragColor;
#define gl_FragColor shaderbenchFragColor

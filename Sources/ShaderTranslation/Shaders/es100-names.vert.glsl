// GLSL ES 1.00's vertex-shader names, which desktop GLSL 3.30 core lacks, mapped to their 3.30 forms, so an
// ES 1.00 vertex shader's text reads as desktop GLSL unchanged. Ahead of the shader, after the texture functions'.
#define attribute in
#define varying out

// GLSL ES 1.00's fragment-shader names, which desktop GLSL 3.30 core lacks, mapped to their 3.30 forms, so an
// ES 1.00 shader's text reads as desktop GLSL unchanged. Ahead of the shader, outside its line numbers.
#define varying in
#define texture2D texture
#define texture2DProj textureProj
#define texture2DLod textureLod
#define texture2DProjLod textureProjLod
#define textureCube texture
#define textureCubeLod textureLod
out vec4 shaderbenchFragColor;
#define gl_FragColor shaderbenchFragColor

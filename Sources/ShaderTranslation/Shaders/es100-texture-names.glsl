// GLSL ES 1.00's texture functions, which desktop GLSL 3.30 core lacks, mapped to their 3.30 forms, for either
// stage. Ahead of the shader, outside its line numbers, with the stage's own names.
#define texture2D texture
#define texture2DProj textureProj
#define texture2DLod textureLod
#define texture2DProjLod textureProjLod
#define textureCube texture
#define textureCubeLod textureLod

// VS Code's Shader Toy extension on top of GLSL ES 3.00, as its WebGL 2 preview compiles a shader: what it sets
// every frame and its older names for them, and GLSL ES 1.00's names for the lookup and the colour, which the
// preview takes too. Its coordinates have y up (gl_FragCoord from the bottom-left, texture t = 0 at an image's
// bottom); the workbench stores row 0 at the top, so gl_FragCoord and every lookup are turned over here. The
// channels the shader uses, and iKeyboard, are declared after this.
precision highp float;
precision highp int;
uniform vec3 iResolution;
uniform float iTime;
uniform float iTimeDelta;
uniform int iFrame;
uniform vec4 iDate;
uniform vec3 iChannelResolution[10];
uniform vec4 iMouse;
uniform float iSampleRate;
#define iGlobalTime iTime
#define iGlobalFrame iFrame
#define SHADER_TOY
// The left button, held or not (x); the workbench gives shaders no right button (y).
#define iMouseButton vec4(iMouse.z > 0.0 ? 1.0 : 0.0, 0.0, 0.0, 0.0)
// The extension's fly camera moves it; without one it is the identity.
const mat4 iViewMatrix = mat4(1.0);
// Before the #define below, so it reads the real gl_FragCoord; the lookups are y-up-lookups.frag.glsl's, after this.
vec4 shaderbenchFragCoord() { return vec4(gl_FragCoord.x, iResolution.y - gl_FragCoord.y, gl_FragCoord.zw); }
#define texture2D shaderbenchTexture
#define texture2DLodEXT shaderbenchTextureLod
#define gl_FragCoord shaderbenchFragCoord()
out vec4 shaderbenchFragColor;
#define gl_FragColor shaderbenchFragColor
#define GLSL_FRAGCOLOR shaderbenchFragColor

// ShaderToy's conventions on top of GLSL ES 3.00: what the site sets every frame; y-up-lookups.frag.glsl follows.
// ShaderToy's coordinates have y up (fragCoord from the bottom-left, texture t = 0 at an image's bottom);
// the workbench stores row 0 at the top. The channels the shader uses are declared after this.
precision highp float;
precision highp int;
// ShaderToy defines 0 where it judges the device low-end (phones, tablets) and 1 elsewhere; shaders use it to
// choose their full-quality path, which the workbench, a desktop renderer, takes.
#define HW_PERFORMANCE 1
uniform vec3 iResolution;
uniform float iTime;
uniform float iTimeDelta;
uniform float iFrameRate;
uniform int iFrame;
uniform vec4 iMouse;
uniform vec4 iDate;
uniform float iChannelTime[4];
uniform vec3 iChannelResolution[4];
uniform float iSampleRate;
out vec4 shaderbenchFragColor;

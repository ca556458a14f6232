// ShaderToy's conventions on top of GLSL ES 3.00: what the site sets every frame, and lookups that flip y.
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
// Every 2D sampler here is a channel, so flipping t in the lookup functions flips exactly the channels.
vec4 shaderbenchTexture(sampler2D s, vec2 c) { return texture(s, vec2(c.x, 1.0 - c.y)); }
vec4 shaderbenchTexture(sampler2D s, vec2 c, float bias) { return texture(s, vec2(c.x, 1.0 - c.y), bias); }
vec4 shaderbenchTextureLod(sampler2D s, vec2 c, float lod) { return textureLod(s, vec2(c.x, 1.0 - c.y), lod); }
vec4 shaderbenchTexelFetch(sampler2D s, ivec2 p, int lod) { return texelFetch(s, ivec2(p.x, textureSize(s, lod).y - 1 - p.y), lod); }
vec4 shaderbenchTextureGrad(sampler2D s, vec2 c, vec2 dx, vec2 dy) { return textureGrad(s, vec2(c.x, 1.0 - c.y), vec2(dx.x, -dx.y), vec2(dy.x, -dy.y)); }
#define texture shaderbenchTexture
#define textureLod shaderbenchTextureLod
#define texelFetch shaderbenchTexelFetch
#define textureGrad shaderbenchTextureGrad
out vec4 shaderbenchFragColor;

// Bonzomatic's one-dimensional images on GLSL ES 3.00, which has no sampler1D, after the bottom-up lookups:
// each spectrum is an image with a row per sound channel, the first at the bottom, and a lookup at one
// coordinate reads along that first row.
#define sampler1D sampler2D
vec2 shaderbenchFirstRow(sampler2D image, float x) { return vec2(x, 0.5 / float(textureSize(image, 0).y)); }
vec4 shaderbenchTexture(sampler2D image, float x) { return shaderbenchTexture(image, shaderbenchFirstRow(image, x)); }
vec4 shaderbenchTexture(sampler2D image, float x, float bias) { return shaderbenchTexture(image, shaderbenchFirstRow(image, x), bias); }
vec4 shaderbenchTextureLod(sampler2D image, float x, float lod) { return shaderbenchTextureLod(image, shaderbenchFirstRow(image, x), lod); }
vec4 shaderbenchTexelFetch(sampler2D image, int x, int lod) { return shaderbenchTexelFetch(image, ivec2(x, 0), lod); }

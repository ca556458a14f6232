// Lookups for hosts whose images have t = 0 at their bottom row (ShaderToy, VS Code's Shader Toy extension),
// where the workbench stores row 0 at the top: each turns t (or the row) over. Every 2D sampler of those dialects
// is one of their channels, so this flips exactly the channels.
vec4 shaderbenchTexture(sampler2D s, vec2 c) { return texture(s, vec2(c.x, 1.0 - c.y)); }
vec4 shaderbenchTexture(sampler2D s, vec2 c, float bias) { return texture(s, vec2(c.x, 1.0 - c.y), bias); }
vec4 shaderbenchTextureLod(sampler2D s, vec2 c, float lod) { return textureLod(s, vec2(c.x, 1.0 - c.y), lod); }
vec4 shaderbenchTexelFetch(sampler2D s, ivec2 p, int lod) { return texelFetch(s, ivec2(p.x, textureSize(s, lod).y - 1 - p.y), lod); }
vec4 shaderbenchTextureGrad(sampler2D s, vec2 c, vec2 dx, vec2 dy) { return textureGrad(s, vec2(c.x, 1.0 - c.y), vec2(dx.x, -dx.y), vec2(dy.x, -dy.y)); }
#define texture shaderbenchTexture
#define textureLod shaderbenchTextureLod
#define texelFetch shaderbenchTexelFetch
#define textureGrad shaderbenchTextureGrad

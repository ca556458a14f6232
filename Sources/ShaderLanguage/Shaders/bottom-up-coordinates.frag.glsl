// For hosts whose coordinates start at the bottom-left (glslViewer, GLSL Sandbox), after the default
// precision: gl_FragCoord counts rows from the bottom and images are sampled with t = 0 at their bottom row,
// where the workbench stores row 0 at the top. These flip both, so procedural images and sampled ones
// (inputs, and the pass's own last frame) come out the right way up.

// The pass's height in pixels, set by the workbench, for turning gl_FragCoord over.
uniform float shaderbenchPassHeight;

// Before the #defines below, so these read the real gl_FragCoord and lookups.
vec4 shaderbenchFragCoord() { return vec4(gl_FragCoord.x, shaderbenchPassHeight - gl_FragCoord.y, gl_FragCoord.zw); }
#if __VERSION__ >= 300
vec4 shaderbenchTexture(sampler2D image, vec2 c) { return texture(image, vec2(c.x, 1.0 - c.y)); }
vec4 shaderbenchTexture(sampler2D image, vec2 c, float bias) { return texture(image, vec2(c.x, 1.0 - c.y), bias); }
vec4 shaderbenchTextureLod(sampler2D image, vec2 c, float lod) { return textureLod(image, vec2(c.x, 1.0 - c.y), lod); }
vec4 shaderbenchTexelFetch(sampler2D image, ivec2 p, int lod) { return texelFetch(image, ivec2(p.x, textureSize(image, lod).y - 1 - p.y), lod); }
#define texture shaderbenchTexture
#define textureLod shaderbenchTextureLod
#define texelFetch shaderbenchTexelFetch
#else
vec4 shaderbenchTexture2D(sampler2D image, vec2 c) { return texture2D(image, vec2(c.x, 1.0 - c.y)); }
vec4 shaderbenchTexture2D(sampler2D image, vec2 c, float bias) { return texture2D(image, vec2(c.x, 1.0 - c.y), bias); }
#define texture2D shaderbenchTexture2D
#endif
#define gl_FragCoord shaderbenchFragCoord()

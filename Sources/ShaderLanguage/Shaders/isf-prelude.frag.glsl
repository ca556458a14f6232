// ISF's lookups, and GLSL 1.x's names mapped to GLSL ES 3.00, after the built-ins and the header's inputs.
// ISF's coordinates have y up (gl_FragCoord, isf_FragNormCoord and normalised image coordinates all start at
// the bottom-left) where the workbench stores row 0 at the top: these flip them all, so images come out
// upright and procedural ones the right way up.

// Before the #defines below, so these read the real gl_FragCoord and texture.
vec4 shaderbenchFragCoord() { return vec4(gl_FragCoord.x, RENDERSIZE.y - gl_FragCoord.y, gl_FragCoord.zw); }
vec2 shaderbenchFragNormCoord() { return shaderbenchFragCoord().xy / RENDERSIZE; }
vec4 IMG_NORM_PIXEL(sampler2D image, vec2 coordinate) { return texture(image, vec2(coordinate.x, 1.0 - coordinate.y)); }
vec2 IMG_SIZE(sampler2D image) { return vec2(textureSize(image, 0)); }
vec4 IMG_PIXEL(sampler2D image, vec2 pixel) { vec2 size = IMG_SIZE(image); return texture(image, vec2(pixel.x, size.y - pixel.y) / size); }
// VVISF's third argument, which other libraries' files pass: a bias to the level of detail, as texture2D's.
vec4 IMG_NORM_PIXEL(sampler2D image, vec2 coordinate, float bias) { return texture(image, vec2(coordinate.x, 1.0 - coordinate.y), bias); }
vec4 IMG_PIXEL(sampler2D image, vec2 pixel, float bias) { vec2 size = IMG_SIZE(image); return texture(image, vec2(pixel.x, size.y - pixel.y) / size, bias); }
// This fragment's place, stretched over the image: the stored row order already matches the target's.
vec4 IMG_THIS_NORM_PIXEL(sampler2D image) { return texture(image, gl_FragCoord.xy / RENDERSIZE); }
vec4 IMG_THIS_PIXEL(sampler2D image) { return texture(image, gl_FragCoord.xy / RENDERSIZE); }
vec4 shaderbenchTexture(sampler2D image, vec2 coordinate) { return IMG_NORM_PIXEL(image, coordinate); }
vec4 shaderbenchTexture(sampler2D image, vec2 coordinate, float bias) { return IMG_NORM_PIXEL(image, coordinate, bias); }
#define texture2D shaderbenchTexture
#define texture shaderbenchTexture
#define gl_FragCoord shaderbenchFragCoord()
// ISF 1's name for isf_FragNormCoord, which isf-frag-norm-coord*.frag.glsl gives after this.
#define vv_FragNormCoord isf_FragNormCoord
#define varying in

#version 300 es
// Turns one frame, uploaded as its planes came, into upright RGBA. Each output pixel reads its stored pixel
// exactly (no filtering): the output is turned back to the stored orientation and scaled by the pixel aspect.
//
// FrameConverter defines how the planes hold the colour: YUYV or UYVY (packed 4:2:2, a pair of pixels to a
// texel), NV12 (luma, then interleaved chroma) or THREE_PLANES (luma, Cb, Cr) gather Y, Cb and Cr for the
// YCbCr matrix; with none, plane 0 holds RGB, and BGR swaps it, with the same matrix and offset stretching
// limited-range RGB to full. CHROMA_SUBSAMPLING is the chroma planes' step as an ivec2.
precision highp float;
precision highp int;
uniform highp sampler2D plane0;
uniform highp sampler2D plane1;
uniform highp sampler2D plane2;
uniform mat3 matrix;
uniform vec3 offset;
uniform ivec2 storedSize;
// The stored image stretched by its pixel aspect, before it is turned.
uniform ivec2 stretchedSize;
uniform int turns;
out vec4 colour;

#ifndef CHROMA_SUBSAMPLING
#define CHROMA_SUBSAMPLING ivec2(1, 1)
#endif
#if defined(YUYV) || defined(UYVY) || defined(NV12) || defined(THREE_PLANES)
#define YCBCR
#endif

void main() {
    ivec2 shown = ivec2(gl_FragCoord.xy);
    ivec2 unturned = turns == 0 ? shown
        : turns == 1 ? ivec2(shown.y, stretchedSize.y - 1 - shown.x)
        : turns == 2 ? stretchedSize - 1 - shown
        : ivec2(stretchedSize.x - 1 - shown.y, shown.x);
    vec2 scale = vec2(storedSize) / vec2(stretchedSize);
    ivec2 pixel = clamp(ivec2((vec2(unturned) + 0.5) * scale), ivec2(0), storedSize - 1);
    ivec2 chroma = pixel / CHROMA_SUBSAMPLING;
#if defined(YUYV)
    vec4 pair = texelFetch(plane0, chroma, 0);
    vec3 ycc = vec3(pixel.x % 2 == 0 ? pair.r : pair.b, pair.g, pair.a);
#elif defined(UYVY)
    vec4 pair = texelFetch(plane0, chroma, 0);
    vec3 ycc = vec3(pixel.x % 2 == 0 ? pair.g : pair.a, pair.r, pair.b);
#elif defined(NV12)
    vec3 ycc = vec3(texelFetch(plane0, pixel, 0).r, texelFetch(plane1, chroma, 0).rg);
#elif defined(THREE_PLANES)
    vec3 ycc = vec3(texelFetch(plane0, pixel, 0).r, texelFetch(plane1, chroma, 0).r, texelFetch(plane2, chroma, 0).r);
#endif
#if defined(YCBCR)
    vec3 codes = ycc;
#elif defined(BGR)
    vec3 codes = texelFetch(plane0, pixel, 0).bgr;
#else
    vec3 codes = texelFetch(plane0, pixel, 0).rgb;
#endif
    colour = vec4(clamp(matrix * (codes - offset), 0.0, 1.0), 1.0);
}

#version 310 es
// Copies between a one-channel image a kernel stores into (r32f, or r32ui where UNSIGNED is defined) and the red
// channel of a colour image. By default after a node's kernels: into the rgba32f image that other nodes sample
// and the window shows (green and blue 0, alpha 1). With TO_STORED before them: another node's image, its red
// channel rounded to a whole number for r32ui, into the one-channel image a kernel loads.
layout(local_size_x = 8, local_size_y = 8) in;
#ifdef UNSIGNED
layout(r32ui, binding = 0) uniform highp uimage2D stored;
#else
layout(r32f, binding = 0) uniform highp image2D stored;
#endif
#ifdef TO_STORED
uniform highp sampler2D colour;
#else
layout(rgba32f, binding = 1) writeonly uniform highp image2D colour;
#endif
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(stored)))) return;
#ifdef TO_STORED
    float value = texelFetch(colour, p, 0).r;
#ifdef UNSIGNED
    imageStore(stored, p, uvec4(uint(max(value, 0.0) + 0.5)));
#else
    imageStore(stored, p, vec4(value));
#endif
#else
    imageStore(colour, p, vec4(float(imageLoad(stored, p).r), 0.0, 0.0, 1.0));
#endif
}

#version 310 es
#extension GL_OES_shader_image_atomic : require
// The particles' third pass: each particle adds to the pixel it is on, with an atomic add, so where particles
// crowd the trails are brighter.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Particles { vec4 positions[]; };
layout(r32ui, binding = 1) uniform highp uimage2D trails;

void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= uint(positions.length())) return;
    ivec2 size = imageSize(trails);
    ivec2 pixel = min(ivec2(positions[index].xy * vec2(size)), size - 1);
    imageAtomicAdd(trails, pixel, 256u);
}

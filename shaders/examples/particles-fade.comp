#version 310 es
// The particles' second pass: what the trails held fades to fifteen sixteenths each frame, so each particle leaves a
// tail a few frames long.
layout(local_size_x = 8, local_size_y = 8) in;
layout(r32ui, binding = 1) uniform highp uimage2D trails;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, imageSize(trails)))) return;
    imageStore(trails, pixel, uvec4(imageLoad(trails, pixel).r * 15u / 16u));
}

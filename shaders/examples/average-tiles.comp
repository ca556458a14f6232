#version 310 es
// The average's first pass: each work group adds a 64×64 tile of the picture, each of its 64 invocations one
// column of it, then their 64 sums in shared memory, halving their number at each step, and writes the tile's
// total as one partial sum (pixels past the edge add nothing). Summing a column first keeps the invocations
// few and the steps that wait for each other (`barrier`) short.
layout(local_size_x = 64) in;
uniform highp sampler2D picture;
layout(std430, binding = 0) writeonly buffer Partials { vec4 partials[]; };
shared highp vec4 sums[64];

void main() {
    ivec2 size = textureSize(picture, 0);
    uint index = gl_LocalInvocationIndex;
    int x = int(gl_WorkGroupID.x) * 64 + int(index);
    int top = int(gl_WorkGroupID.y) * 64;
    highp vec4 sum = vec4(0.0);
    if (x < size.x) {
        for (int y = top; y < min(top + 64, size.y); y++) sum += texelFetch(picture, ivec2(x, y), 0);
    }
    sums[index] = sum;
    barrier();
    for (uint stride = 32u; stride > 0u; stride >>= 1) {
        if (index < stride) sums[index] += sums[index + stride];
        barrier();
    }
    if (index == 0u) partials[gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x] = sums[0];
}

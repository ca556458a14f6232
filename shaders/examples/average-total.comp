#version 310 es
// The average's second pass: one work group adds every tile's partial sum the same way and divides by the
// number of pixels, leaving the picture's mean colour in Mean.
layout(local_size_x = 256) in;
uniform highp sampler2D picture;
layout(std430, binding = 0) readonly buffer Partials { vec4 partials[]; };
layout(std430, binding = 1) writeonly buffer Mean { vec4 mean; };
shared highp vec4 sums[256];

void main() {
    ivec2 size = textureSize(picture, 0);
    ivec2 tiles = (size + 63) / 64;
    uint count = uint(tiles.x * tiles.y);
    uint index = gl_LocalInvocationIndex;
    highp vec4 sum = vec4(0.0);
    for (uint tile = index; tile < count; tile += 256u) sum += partials[tile];
    sums[index] = sum;
    barrier();
    for (uint stride = 128u; stride > 0u; stride >>= 1) {
        if (index < stride) sums[index] += sums[index + stride];
        barrier();
    }
    if (index == 0u) mean = sums[0] / float(size.x * size.y);
}

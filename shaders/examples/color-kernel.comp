#version 310 es
// A frame through a compute kernel unchanged: each invocation reads the texel at its position and writes it to
// the output image, the kernel the GPU video processing post starts from before it adds an effect.
layout(local_size_x = 16, local_size_y = 16) in;
uniform highp sampler2D frame;
layout(rgba8, binding = 0) writeonly uniform highp image2D result;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, imageSize(result)))) return;
    imageStore(result, pixel, texelFetch(frame, pixel, 0));
}

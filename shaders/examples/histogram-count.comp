#version 310 es
// The histogram's first pass: every pixel of the picture adds one, with an atomic add, to the bin of its
// luminance (Rec. 709 weights, 256 bins).
layout(local_size_x = 16, local_size_y = 16) in;
uniform highp sampler2D picture;
layout(std430, binding = 0) buffer Bins { uint bins[]; };

void main() {
    ivec2 size = textureSize(picture, 0);
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= size.x || pixel.y >= size.y) return;
    highp float luminance = dot(texelFetch(picture, pixel, 0).rgb, vec3(0.2126, 0.7152, 0.0722));
    atomicAdd(bins[min(int(luminance * 256.0), 255)], 1u);
}

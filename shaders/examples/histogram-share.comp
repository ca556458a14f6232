#version 310 es
// The histogram's second pass: each bin's count as a share of the fullest bin's, on a square-root scale so that a
// picture's few large flat areas do not flatten every other bar, into the node's 256×1 image, which a fragment
// pass draws as bars.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Bins { uint bins[]; };
layout(rgba8, binding = 0) writeonly uniform highp image2D histogram;

void main() {
    int bin = int(gl_GlobalInvocationID.x);
    uint fullest = 1u;
    for (int i = 0; i < 256; i++) fullest = max(fullest, bins[i]);
    highp float share = sqrt(float(bins[bin]) / float(fullest));
    imageStore(histogram, ivec2(bin, 0), vec4(share, share, share, 1.0));
}

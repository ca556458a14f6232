#version 310 es
// ripple.glsl, a ShaderToy shader, ported to a compute kernel. What changes: the kernel's invocation is its
// pixel, so the coordinate is the pixel's centre; its rows count from the top where ShaderToy's fragCoord counts
// from the bottom, so y is turned over going in and the sample's y coming out; and the result is stored, not
// returned. The arithmetic between is ShaderToy's line for line.
layout(local_size_x = 16, local_size_y = 16) in;
uniform highp sampler2D frame;
uniform highp float iTime;
uniform highp vec2 iResolution;
layout(rgba8, binding = 0) writeonly uniform highp image2D rippled;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, imageSize(rippled)))) return;
    highp vec2 uv = (vec2(pixel) + 0.5) / iResolution;
    uv.y = 1.0 - uv.y;
    highp vec2 towards = (uv - vec2(0.5, 0.3)) * vec2(iResolution.x / iResolution.y, 1.0);
    highp float radius = length(towards);
    highp float wave = sin(40.0 * radius - 4.0 * iTime) * 0.012 * exp(-3.0 * radius);
    highp vec2 outwards = radius > 0.0 ? towards / radius : vec2(0.0);
    highp vec2 at = uv + outwards * wave * vec2(iResolution.y / iResolution.x, 1.0);
    imageStore(rippled, pixel, texture(frame, vec2(at.x, 1.0 - at.y)));
}

#version 300 es
// A draw node's depth texture as an image, texel for texel: the depth GL stored (0 at the near plane, 1 at
// the far one) in red, green and blue, alpha 1.
precision highp float;
uniform highp sampler2D depth;
out vec4 colour;
void main() {
    float stored = texelFetch(depth, ivec2(gl_FragCoord.xy), 0).r;
    colour = vec4(vec3(stored), 1.0);
}

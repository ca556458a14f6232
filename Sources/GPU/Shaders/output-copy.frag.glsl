#version 300 es
// Texel for texel when the sizes match (exact), so an embedded composition's pixels are exactly the
// workbench's; filtered when scaling.
precision highp float;
uniform sampler2D image;
uniform bool exact;
in vec2 coordinate;
out vec4 colour;
void main() {
    colour = exact ? texelFetch(image, ivec2(gl_FragCoord.xy), 0) : texture(image, coordinate);
}

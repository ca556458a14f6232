#version 300 es
// The image as the window shows it: opaque.
precision mediump float;
in vec2 coordinate;
uniform sampler2D image;
out vec4 colour;
void main() { colour = vec4(texture(image, coordinate).rgb, 1.0); }

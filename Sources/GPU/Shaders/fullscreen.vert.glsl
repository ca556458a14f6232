#version 300 es
// A full-target quad in clip space, for passes whose fragment shaders place themselves by gl_FragCoord.
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }

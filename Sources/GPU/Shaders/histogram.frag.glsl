#version 300 es
// Each point adds one to its bin.
precision highp float;
out vec4 result;
void main() { result = vec4(1.0, 0.0, 0.0, 0.0); }

#version 300 es
// Covers an app's framebuffer; the image's top row lands at its row 0, as in every render target here.
in vec2 position;
out vec2 coordinate;
void main() {
    coordinate = position * 0.5 + 0.5;
    gl_Position = vec4(position, 0.0, 1.0);
}

#version 300 es
// Render targets hold an image's top row at row 0; the window's row 0 is its bottom, so the quad flips as it
// draws, scaled to fit the window with the image's aspect kept.
in vec2 position;
uniform vec2 scale;
out vec2 coordinate;
void main() {
    coordinate = vec2(position.x * 0.5 + 0.5, 0.5 - position.y * 0.5);
    gl_Position = vec4(position * scale, 0.0, 1.0);
}

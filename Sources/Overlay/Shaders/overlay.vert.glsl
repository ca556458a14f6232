#version 300 es
// Every queued quad, text or solid, is an instance of a unit square placed in pixels, (0, 0) at the
// viewport's top-left as shown on screen. The attribute slots are fixed here, so the overlay's vertex array
// needs no lookups (OverlayShaderProgram names the same slots).
layout(location = 0) in vec2 corner;
// x, y, width, height in pixels, y down from the top of the viewport.
layout(location = 1) in vec4 rectangle;
// The texel at the rectangle's top-left, and how many texels the rectangle spans (zero for solids).
layout(location = 2) in vec4 atlas;
layout(location = 3) in vec4 colour;
uniform vec2 viewportSize;
out vec2 atlasCoordinate;
flat out vec4 tint;

void main() {
    vec2 pixel = rectangle.xy + corner * rectangle.zw;
    // Glyph quads are as large as their bitmaps, so each fragment centre lands on one texel's centre.
    atlasCoordinate = atlas.xy + corner * atlas.zw;
    tint = colour;
    gl_Position = vec4(pixel.x / viewportSize.x * 2.0 - 1.0, 1.0 - pixel.y / viewportSize.y * 2.0, 0.0, 1.0);
}

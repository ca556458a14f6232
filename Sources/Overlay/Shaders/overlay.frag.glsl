#version 300 es
// Colours a quad by the glyph atlas's coverage. Solid rectangles read a single full-coverage texel, so
// rectangles and text share one draw call and are painted in the order they were queued.
precision highp float;
uniform highp sampler2D glyphAtlas;
in vec2 atlasCoordinate;
flat in vec4 tint;
out vec4 fragColor;

void main() {
    float coverage = texelFetch(glyphAtlas, ivec2(atlasCoordinate), 0).r;
    fragColor = vec4(tint.rgb, tint.a * coverage);
}

#version 300 es
// Lays an input onto a target of its pass's shape. `share` is how much of the input the pass spans on each
// axis: under 1 where the input is cropped to fill the pass, over 1 where transparent bars fit it in. Rows
// stay in image order (target row 0 samples near t = 0, the input's top) unless `flipped` turns them over.
precision highp float;
uniform sampler2D source;
uniform vec2 share;
uniform vec2 passSize;
uniform bool flipped;
out vec4 result;
void main() {
    vec2 coordinate = (gl_FragCoord.xy / passSize - 0.5) * share + 0.5;
    if (flipped) coordinate.y = 1.0 - coordinate.y;
    bool outside = any(lessThan(coordinate, vec2(0.0))) || any(greaterThan(coordinate, vec2(1.0)));
    result = outside ? vec4(0.0) : texture(source, coordinate);
}

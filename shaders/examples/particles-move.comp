#version 310 es
// The particles' first pass: on frame 0 each particle starts at its place in a low-discrepancy sequence (the
// R2 sequence, so they spread evenly); on every frame after, it moves with a flow that swirls and drifts with
// time, wrapping at the edges. Positions are in the unit square, y down, as the image's rows are.
layout(local_size_x = 64) in;
uniform highp float iTime;
uniform highp float iTimeDelta;
uniform int iFrame;
uniform highp float speed;   // default: 0.3, range: 0...1, label: "Speed"
layout(std430, binding = 0) buffer Particles { vec2 positions[]; };

highp vec2 flow(highp vec2 p, highp float t) {
    return vec2(sin(6.2831853 * p.y + t), cos(6.2831853 * p.x + 0.7 * t));
}

void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= uint(positions.length())) return;
    if (iFrame == 0) {
        positions[index] = fract(vec2(float(index) * 0.7548776662, float(index) * 0.5698402910));
        return;
    }
    highp vec2 p = positions[index];
    positions[index] = fract(p + flow(p, iTime) * speed * iTimeDelta);
}

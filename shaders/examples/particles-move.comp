#version 310 es
// The particles' first pass: a particle not yet placed (w is 0, as the buffer starts) takes its place in a
// low-discrepancy sequence (the R2 sequence, so they spread evenly); on every frame after, it moves with a flow
// that swirls and drifts with time, wrapping at the edges. Positions are in the unit square, y down, as the
// image's rows are. Marking each particle placed, rather than placing all on frame 0, seeds them whenever the
// buffer starts, whatever frame the clock is at (a window's clock runs from before the graph is built).
layout(local_size_x = 64) in;
uniform highp float iTime;
uniform highp float iTimeDelta;
uniform highp float speed;   // default: 0.3, range: 0...1, label: "Speed"
layout(std430, binding = 0) buffer Particles { vec4 positions[]; };

highp vec2 flow(highp vec2 p, highp float t) {
    return vec2(sin(6.2831853 * p.y + t), cos(6.2831853 * p.x + 0.7 * t));
}

void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= uint(positions.length())) return;
    if (positions[index].w == 0.0) {
        positions[index] = vec4(fract(vec2(float(index) * 0.7548776662, float(index) * 0.5698402910)), 0.0, 1.0);
        return;
    }
    highp vec2 p = positions[index].xy;
    positions[index].xy = fract(p + flow(p, iTime) * speed * iTimeDelta);
}

#version 300 es
// The moving test pattern that stands in for a camera: colour bars, a grey ramp and a disc that moves with
// time. A pure function of pixel and time, so frame k of a render is the same in every run.
precision highp float;
in vec2 textureCoordinate;
out vec4 fragColor;
uniform float time;
uniform vec2 size;

const vec3 bars[7] = vec3[7](vec3(0.75, 0.75, 0.75), vec3(0.75, 0.75, 0.0), vec3(0.0, 0.75, 0.75),
                             vec3(0.0, 0.75, 0.0), vec3(0.75, 0.0, 0.75), vec3(0.75, 0.0, 0.0),
                             vec3(0.0, 0.0, 0.75));

void main() {
    vec2 uv = textureCoordinate;
    vec3 colour;
    if (uv.y < 0.62) {
        colour = bars[int(clamp(floor(uv.x * 7.0), 0.0, 6.0))];
    } else if (uv.y < 0.75) {
        colour = vec3(floor(uv.x * 16.0) / 15.0);
    } else {
        colour = vec3(0.08);
    }
    // A disc orbits the centre once every four seconds; the frame's aspect keeps it round.
    float angle = time * 1.5707963;
    vec2 centre = vec2(0.5) + vec2(cos(angle), sin(angle)) * vec2(0.3, 0.3 * size.x / size.y) * 0.8;
    vec2 offset = (uv - centre) * vec2(size.x / size.y, 1.0);
    float disc = 1.0 - smoothstep(0.075, 0.08, length(offset));
    colour = mix(colour, vec3(1.0), disc);
    // A sweep line crosses the bottom band every two seconds.
    float sweep = fract(time * 0.5);
    if (uv.y >= 0.75 && abs(uv.x - sweep) < 1.5 / size.x) colour = vec3(1.0, 0.2, 0.2);
    fragColor = vec4(colour, 1.0);
}

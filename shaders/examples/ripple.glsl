// Ripples spreading from a point low in the picture, bending it as water would, written for ShaderToy: its
// fragCoord counts from the bottom, and iChannel0 is the picture. compositions/examples/compute-movie.yaml runs
// the same effect ported to a compute kernel (ripple.comp); the two draw the same picture.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec2 towards = (uv - vec2(0.5, 0.3)) * vec2(iResolution.x / iResolution.y, 1.0);
    float radius = length(towards);
    float wave = sin(40.0 * radius - 4.0 * iTime) * 0.012 * exp(-3.0 * radius);
    vec2 outwards = radius > 0.0 ? towards / radius : vec2(0.0);
    fragColor = texture(iChannel0, uv + outwards * wave * vec2(iResolution.y / iResolution.x, 1.0));
}

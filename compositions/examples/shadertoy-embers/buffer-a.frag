// Buffer A: a comet of light circling the screen, painted over this buffer's own last frame, which fades
// and drifts upwards a little each frame: the comet leaves a rising, cooling trail.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec2 head = vec2(0.5 + 0.35 * cos(iTime * 1.6), 0.45 + 0.3 * sin(iTime * 2.3));
    vec2 aspect = vec2(iResolution.x / iResolution.y, 1.0);
    float glow = exp(-120.0 * dot((uv - head) * aspect, (uv - head) * aspect));
    vec3 before = texture(iChannel0, uv - vec2(0.0, 0.004)).rgb * 0.965;
    vec3 colour = vec3(1.0, 0.55 + 0.45 * sin(iTime), 0.25) * glow;
    fragColor = vec4(max(before, colour), 1.0);
}

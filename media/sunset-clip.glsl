void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec2 centre = vec2(0.5 + 0.3 * cos(iTime * 1.3), 0.5 + 0.25 * sin(iTime * 1.7));
    float disc = smoothstep(0.16, 0.15, distance(uv * vec2(1.777, 1.0), centre * vec2(1.777, 1.0)));
    vec3 sky = mix(vec3(0.15, 0.35, 0.7), vec3(0.95, 0.7, 0.4), uv.y + 0.1 * sin(uv.x * 6.0 + iTime));
    vec3 stripes = vec3(step(0.5, fract(uv.x * 8.0 + iTime * 0.5))) * 0.15;
    fragColor = vec4(mix(sky + stripes, vec3(1.0, 0.95, 0.8), disc), 1.0);
}

// Image: the trail from Buffer A, cooled from white through orange to deep red as it fades.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec3 trail = texture(iChannel0, fragCoord / iResolution.xy).rgb;
    float heat = max(trail.r, max(trail.g, trail.b));
    vec3 ember = mix(vec3(0.05, 0.0, 0.08), vec3(0.8, 0.1, 0.05), smoothstep(0.0, 0.4, heat));
    fragColor = vec4(mix(ember, vec3(1.0, 0.9, 0.6), smoothstep(0.4, 1.0, heat)) + trail * 0.2, 1.0);
}

// A channel the workbench cannot feed (the keyboard, sound, a cube map, an unbound channel), written by
// `shaderbench import` beside the passes: transparent black, which reads as no key held, silence, or nothing.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    fragColor = vec4(0.0);
}

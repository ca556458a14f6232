// The main VS Code's Shader Toy extension adds to a shader that defines mainImage and no main of its own, or that
// says #StrictCompatibility: it calls mainImage with the fragment's place from the bottom-left. A pass that is
// shown is opaque; one read as a channel, its own last frame among them, keeps its alpha.
void main() {
    shaderbenchFragColor = vec4(0.0);
    mainImage(shaderbenchFragColor, gl_FragCoord.xy);
#ifdef SHADERBENCH_OPAQUE
    shaderbenchFragColor.a = 1.0;
#endif
}

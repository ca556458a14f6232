// The main that calls the user's mainImage with ShaderToy's bottom-up pixel coordinate. A pass that is
// shown is opaque, as the site's Image pass is; one read as a channel keeps its alpha, as the site's buffers do.
void main() {
    shaderbenchFragColor = vec4(0.0);
    mainImage(shaderbenchFragColor, vec2(gl_FragCoord.x, iResolution.y - gl_FragCoord.y));
#ifdef SHADERBENCH_OPAQUE
    shaderbenchFragColor.a = 1.0;
#endif
}

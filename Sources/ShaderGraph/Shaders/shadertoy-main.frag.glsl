// The main that calls the user's mainImage with ShaderToy's bottom-up pixel coordinate. The image is shown
// opaque, as on the site.
void main() {
    shaderbenchFragColor = vec4(0.0);
    mainImage(shaderbenchFragColor, vec2(gl_FragCoord.x, iResolution.y - gl_FragCoord.y));
    shaderbenchFragColor.a = 1.0;
}

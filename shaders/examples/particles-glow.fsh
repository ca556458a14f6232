// The particles' trails in colour: each pixel's count (256 a particle this frame, fading by a sixteenth a frame)
// from deep blue through orange to white.
varying highp vec2 textureCoordinate;
uniform sampler2D trails;

void main() {
    highp float heat = clamp(texture2D(trails, textureCoordinate).r / 768.0, 0.0, 1.0);
    lowp vec3 cold = vec3(0.02, 0.03, 0.12), warm = vec3(1.0, 0.45, 0.1);
    gl_FragColor = vec4(heat < 0.5 ? mix(cold, warm, heat * 2.0) : mix(warm, vec3(1.0), heat * 2.0 - 1.0), 1.0);
}

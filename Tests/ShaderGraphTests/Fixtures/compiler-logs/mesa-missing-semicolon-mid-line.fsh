precision mediump float;

void main() {
    float a = 0.25 float b = 0.5;
    gl_FragColor = vec4(a, b, 0.0, 1.0);
}

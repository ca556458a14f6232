precision mediump float;
uniform float level;   // default: 0.5, range: 0...1

void main() {
    gl_FragColor = vec4(vec3(level), 1.0)   // grey at the level
    /* nothing
       else */

}

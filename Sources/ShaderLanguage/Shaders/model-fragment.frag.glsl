// The fragment stage of a draw node that names none: the mesh in its vertex colours (white where it has
// none), lit from u_light by its diffuse share, with a fifth of the colour as ambient light.
// Written as GLSL ES 1.00; SHADERBENCH_ES3 makes it 3.00, to pair with a 3.00 vertex stage.
#ifdef SHADERBENCH_ES3
#define varying in
out vec4 shaderbenchColour;
#define FRAGMENT_COLOUR shaderbenchColour
#else
#define FRAGMENT_COLOUR gl_FragColor
#endif
uniform vec3 u_light;
uniform vec3 u_lightColor;
varying vec4 v_position;
varying vec3 v_normal;
varying vec4 v_color;

void main() {
    vec3 toLight = normalize(u_light - v_position.xyz);
    float diffuse = max(dot(normalize(v_normal), toLight), 0.0);
    FRAGMENT_COLOUR = vec4(v_color.rgb * (0.2 + 0.8 * diffuse * u_lightColor), v_color.a);
}

// A draw node's fragment stage: each face tiled by its texture coordinates, tinted by which way it faces,
// lit from u_light with a highlight seen from u_camera.
precision highp float;
uniform vec3 u_light;
uniform vec3 u_camera;
uniform float tiles;        // default: 4, range: 1...16, label: tiles a side

varying vec4 v_position;
varying vec3 v_normal;
varying vec2 v_texcoord;

void main() {
    vec3 normal = normalize(v_normal);
    vec2 cell = floor(v_texcoord * tiles);
    float checker = mod(cell.x + cell.y, 2.0);
    vec3 tint = abs(normal) * 0.6 + 0.3;
    vec3 toLight = normalize(u_light - v_position.xyz);
    vec3 toCamera = normalize(u_camera - v_position.xyz);
    float diffuse = max(dot(normal, toLight), 0.0);
    float highlight = pow(max(dot(reflect(-toLight, normal), toCamera), 0.0), 24.0);
    vec3 colour = tint * mix(0.55, 1.0, checker) * (0.3 + 0.7 * diffuse) + 0.4 * highlight;
    gl_FragColor = vec4(colour, 1.0);
}

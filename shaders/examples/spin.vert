// A draw node's vertex stage that turns its mesh about y and x as time goes, then places it with the
// camera's matrices; normals turn with it. glslViewer's names throughout.
uniform mat4 u_modelViewProjectionMatrix;
uniform mat4 u_modelMatrix;
uniform float u_time;
uniform float speed;        // default: 0.15, range: 0...1, label: turns a second

attribute vec4 a_position;
attribute vec3 a_normal;
attribute vec2 a_texcoord;
varying vec4 v_position;
varying vec3 v_normal;
varying vec2 v_texcoord;

mat3 turn(float yaw, float pitch) {
    float cy = cos(yaw), sy = sin(yaw), cp = cos(pitch), sp = sin(pitch);
    mat3 aboutY = mat3(cy, 0.0, -sy,  0.0, 1.0, 0.0,  sy, 0.0, cy);
    mat3 aboutX = mat3(1.0, 0.0, 0.0,  0.0, cp, sp,  0.0, -sp, cp);
    return aboutX * aboutY;
}

void main() {
    float angle = 6.2831853 * speed * u_time;
    mat3 rotation = turn(angle, 0.5 + 0.4 * angle);
    vec4 turned = vec4(rotation * a_position.xyz, 1.0);
    v_position = u_modelMatrix * turned;
    v_normal = rotation * a_normal;
    v_texcoord = a_texcoord;
    gl_Position = u_modelViewProjectionMatrix * turned;
}

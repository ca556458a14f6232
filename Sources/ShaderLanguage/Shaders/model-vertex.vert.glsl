// The vertex stage of a draw node that names none: the mesh placed by the camera's matrices, and its
// attributes handed on under glslViewer's names (an attribute the mesh lacks hands on a plain value).
// Written as GLSL ES 1.00; SHADERBENCH_ES3 makes it 3.00, to pair with a 3.00 fragment stage.
#ifdef SHADERBENCH_ES3
#define attribute in
#define varying out
#endif
uniform mat4 u_modelViewProjectionMatrix;
uniform mat4 u_modelMatrix;
uniform mat3 u_normalMatrix;
attribute vec4 a_position;
varying vec4 v_position;
varying vec3 v_normal;
varying vec2 v_texcoord;
varying vec4 v_color;
#ifdef MODEL_VERTEX_NORMAL
attribute vec3 a_normal;
#endif
#ifdef MODEL_VERTEX_TEXCOORD
attribute vec2 a_texcoord;
#endif
#ifdef MODEL_VERTEX_COLOR
attribute vec4 a_color;
#endif

void main() {
    v_position = u_modelMatrix * a_position;
#ifdef MODEL_VERTEX_NORMAL
    v_normal = normalize(u_normalMatrix * a_normal);
#else
    v_normal = vec3(0.0, 0.0, 1.0);
#endif
#ifdef MODEL_VERTEX_TEXCOORD
    v_texcoord = a_texcoord;
#else
    v_texcoord = vec2(0.0);
#endif
#ifdef MODEL_VERTEX_COLOR
    v_color = a_color;
#else
    v_color = vec4(1.0);
#endif
    gl_PointSize = 3.0;
    gl_Position = u_modelViewProjectionMatrix * a_position;
}

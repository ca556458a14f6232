#version 300 es
// One point per pixel and bin row (luminance, then red, green, blue), placed on its bin; additive blending
// counts them.
precision highp float;
precision highp int;
uniform highp sampler2D source;
uniform int width;
uniform int rows;
void main() {
    vec4 colour = texelFetch(source, ivec2(gl_VertexID % width, gl_VertexID / width), 0);
    float value = gl_InstanceID == 0 ? dot(colour.rgb, vec3(0.2126, 0.7152, 0.0722)) : colour[gl_InstanceID - 1];
    float bin = min(floor(value * 256.0), 255.0);
    gl_Position = vec4((bin + 0.5) / 128.0 - 1.0, (float(gl_InstanceID) + 0.5) / float(rows) * 2.0 - 1.0, 0.0, 1.0);
    gl_PointSize = 1.0;
}

// For an ISF shader that writes gl_FragColor, which GLSL ES 3.00 lacks: it becomes the prelude's output.
out vec4 shaderbenchFragColor;
#define gl_FragColor shaderbenchFragColor

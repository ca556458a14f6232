// A shader that reads gl_LastFragData, on a GPU that lists EXT_shader_framebuffer_fetch: the extension is
// enabled for it, whether or not the shader enables it itself, and it reads its target as it draws.
#extension GL_EXT_shader_framebuffer_fetch : require

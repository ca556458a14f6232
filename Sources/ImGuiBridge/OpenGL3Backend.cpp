// Dear ImGui's OpenGL 3 renderer, Debian's file compiled as it is, for GLES 3 (IMGUI_IMPL_OPENGL_ES3).
//
// This is the one place outside the GPU module that calls GL: the renderer owns its program, buffers and
// font texture and sets the state it draws with, and wrapping each of its calls would mean rewriting it.
// It stays confined here, and the Swift side (Overlay) brackets every draw with the GPU module's
// DrawStateSnapshot, so the graph executor finds the GL state it left.
#include "imgui_impl_opengl3.cpp"

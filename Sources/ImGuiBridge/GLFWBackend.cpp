// Dear ImGui's GLFW backend, Debian's file compiled as it is (libimgui-dev ships it as an example, not in
// the library): the include path points at /usr/share/doc/libimgui-dev/examples/backends.
#include "imgui_impl_glfw.cpp"

#ifndef SHADERBENCH_CIMGUI_SHIM_H
#define SHADERBENCH_CIMGUI_SHIM_H
// Dear ImGui is C++, so Swift never imports this module: ImGuiBridge compiles against it (its pkg-config
// flags, the Debian package that provides it) and offers Swift a C interface instead.
#include <imgui.h>
#endif

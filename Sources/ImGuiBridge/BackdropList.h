#pragma once

#include <imgui.h>

/// Where the backdrop's marks go: the layer being drawn (`imgui_bridge_layer_begin`), else the frame's background
/// draw list, under every window.
ImDrawList *backdrop_list(void);

/// Lets the layer's draw list go, with the context whose shared data it points into.
void backdrop_layer_release(void);

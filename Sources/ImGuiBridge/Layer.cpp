#include "ImGuiBridge.h"
#include "BackdropList.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_impl_opengl3.h>

// A draw list of its own, drawn into whatever framebuffer is bound when it ends rather than with the frame: what
// stays the same from frame to frame is drawn once into a texture and put back with one quad.
static ImDrawList *layer = nullptr;
static bool drawingLayer = false;

ImDrawList *backdrop_list(void) { return drawingLayer ? layer : ImGui::GetBackgroundDrawList(); }

void backdrop_layer_release(void) {
    if (layer != nullptr) IM_DELETE(layer);
    layer = nullptr;
    drawingLayer = false;
}

void imgui_bridge_layer_begin(float width, float height) {
    if (layer == nullptr) layer = IM_NEW(ImDrawList)(ImGui::GetDrawListSharedData());
    layer->_ResetForNewFrame();
    // As the frame's own lists are set up: smoothed edges, lines from the font texture.
    layer->Flags = ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedLinesUseTex | ImDrawListFlags_AntiAliasedFill;
    if (ImGui::GetIO().BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset) layer->Flags |= ImDrawListFlags_AllowVtxOffset;
    layer->PushTextureID(ImGui::GetIO().Fonts->TexID);
    layer->PushClipRect(ImVec2(0, 0), ImVec2(width, height));
    drawingLayer = true;
}

void imgui_bridge_layer_end(float width, float height, float pixels_per_unit) {
    drawingLayer = false;
    layer->PopClipRect();
    layer->PopTextureID();
    ImDrawData data;
    data.Valid = true;
    data.CmdLists = &layer;
    data.CmdListsCount = 1;
    data.TotalVtxCount = layer->VtxBuffer.Size;
    data.TotalIdxCount = layer->IdxBuffer.Size;
    data.DisplayPos = ImVec2(0, 0);
    data.DisplaySize = ImVec2(width, height);
    data.FramebufferScale = ImVec2(pixels_per_unit, pixels_per_unit);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
}

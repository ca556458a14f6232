#include "ImGuiBridge.h"

#include <imgui.h>

void imgui_bridge_text(const char *text, float red, float green, float blue, float alpha) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(red, green, blue, alpha));
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}

void imgui_bridge_wrapped_text(const char *text, float red, float green, float blue, float alpha) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(red, green, blue, alpha));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

float imgui_bridge_text_width(const char *text) { return ImGui::CalcTextSize(text).x; }

float imgui_bridge_line_height(void) { return ImGui::GetTextLineHeightWithSpacing(); }

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

void imgui_bridge_window_spacing(float *padding_x, float *padding_y, float *line_gap) {
    const ImGuiStyle &style = ImGui::GetStyle();
    *padding_x = style.WindowPadding.x;
    *padding_y = style.WindowPadding.y;
    *line_gap = style.ItemSpacing.y;
}

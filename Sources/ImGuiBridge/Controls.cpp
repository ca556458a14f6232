#include "ImGuiBridge.h"

#include <imgui.h>

bool imgui_bridge_slider_float(const char *label, float *value, float minimum, float maximum) {
    return ImGui::SliderFloat(label, value, minimum, maximum, "%.3f");
}

bool imgui_bridge_slider_int(const char *label, int32_t *value, int32_t minimum, int32_t maximum) {
    return ImGui::SliderInt(label, value, minimum, maximum);
}

bool imgui_bridge_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }

bool imgui_bridge_button(const char *label) { return ImGui::Button(label); }

bool imgui_bridge_small_button(const char *label) { return ImGui::SmallButton(label); }

bool imgui_bridge_search_field(const char *label, const char *hint, char *buffer, int32_t capacity, bool take_focus) {
    if (take_focus) ImGui::SetKeyboardFocusHere();
    return ImGui::InputTextWithHint(label, hint, buffer, (size_t)capacity, ImGuiInputTextFlags_EnterReturnsTrue);
}

bool imgui_bridge_selectable(const char *label, bool selected) { return ImGui::Selectable(label, selected); }

void imgui_bridge_image(unsigned int texture, float width, float height) {
    // The OpenGL 3 backend takes a texture's GL name as its ImTextureID.
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(texture)), ImVec2(width, height));
}

bool imgui_bridge_menu(const char *label, int32_t *selected, const char *const *items, int32_t count) {
    int index = *selected;
    bool changed = ImGui::Combo(label, &index, items, count);
    *selected = index;
    return changed;
}

bool imgui_bridge_colour(const char *label, float *values, int32_t components, float *swatch, float *picker) {
    ImGui::PushID(label);
    ImVec4 shown(values[0], values[1], values[2], components == 4 ? values[3] : 1.0f);
    if (ImGui::ColorButton("##swatch", shown, ImGuiColorEditFlags_NoTooltip)) ImGui::OpenPopup("picker");
    imgui_bridge_item_rectangle(&swatch[0], &swatch[1], &swatch[2], &swatch[3]);
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGuiColorEditFlags fieldFlags = ImGuiColorEditFlags_Float | ImGuiColorEditFlags_NoSmallPreview
        | ImGuiColorEditFlags_NoPicker | ImGuiColorEditFlags_NoOptions;
    bool changed = components == 4 ? ImGui::ColorEdit4(label, values, fieldFlags | ImGuiColorEditFlags_AlphaBar)
                                   : ImGui::ColorEdit3(label, values, fieldFlags);
    picker[0] = picker[1] = picker[2] = picker[3] = 0;
    if (ImGui::BeginPopup("picker")) {
        // Without a label or side preview the picker opens with its saturation-value square at the cursor,
        // the hue bar (and alpha bar) to its right: the square is as wide as what they leave.
        ImVec2 origin = ImGui::GetCursorScreenPos();
        float width = ImGui::GetFrameHeight() * 10;
        float bars = (components == 4 ? 2 : 1) * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::SetNextItemWidth(width);
        ImGuiColorEditFlags pickerFlags = ImGuiColorEditFlags_NoSidePreview | ImGuiColorEditFlags_NoSmallPreview
            | ImGuiColorEditFlags_NoLabel | ImGuiColorEditFlags_NoInputs | ImGuiColorEditFlags_PickerHueBar;
        changed |= components == 4 ? ImGui::ColorPicker4("##picker", values, pickerFlags | ImGuiColorEditFlags_AlphaBar)
                                   : ImGui::ColorPicker3("##picker", values, pickerFlags);
        picker[0] = origin.x;
        picker[1] = origin.y;
        picker[2] = width - bars;
        picker[3] = width - bars;
        ImGui::EndPopup();
    }
    ImGui::PopID();
    return changed;
}

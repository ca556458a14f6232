#include "ImGuiBridge.h"
#include "BackdropList.h"

#include <cmath>
#include <imgui.h>
#include <imgui_internal.h>

bool imgui_bridge_begin_window(const char *identifier, float x, float y, float pivot_x, float pivot_y,
                               float width, float height, imgui_bridge_window_style style) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always, ImVec2(pivot_x, pivot_y));
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove
        | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
    if (width > 0 || height > 0) {
        ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
    } else {
        flags |= ImGuiWindowFlags_AlwaysAutoResize;
    }
    switch (style) {
    case IMGUI_BRIDGE_WINDOW_PANEL:
        break;
    case IMGUI_BRIDGE_WINDOW_OVERLAY:
        // Text over the image must never take a click meant for the image under it.
        flags |= ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollbar;
        ImGui::SetNextWindowBgAlpha(0.82f);
        break;
    }
    return ImGui::Begin(identifier, nullptr, flags);
}

void imgui_bridge_end_window(void) { ImGui::End(); }

void imgui_bridge_same_line(float x) { ImGui::SameLine(x); }

void imgui_bridge_separator(void) { ImGui::Separator(); }

bool imgui_bridge_section(const char *label) {
    return ImGui::CollapsingHeader(label, ImGuiTreeNodeFlags_DefaultOpen);
}

float imgui_bridge_available_width(void) { return ImGui::GetContentRegionAvail().x; }

void imgui_bridge_set_next_width(float width) { ImGui::SetNextItemWidth(width); }

void imgui_bridge_push_identifier(const char *identifier) { ImGui::PushID(identifier); }

void imgui_bridge_pop_identifier(void) { ImGui::PopID(); }

void imgui_bridge_begin_read_only(void) { ImGui::BeginDisabled(true); }

void imgui_bridge_end_read_only(void) { ImGui::EndDisabled(); }

void imgui_bridge_tooltip(const char *text) {
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

void imgui_bridge_align_text_to_controls(void) { ImGui::AlignTextToFramePadding(); }

bool imgui_bridge_any_item_active(void) { return ImGui::IsAnyItemActive(); }

void imgui_bridge_item_rectangle(float *x, float *y, float *width, float *height) {
    ImVec2 minimum = ImGui::GetItemRectMin(), size = ImGui::GetItemRectSize();
    *x = minimum.x;
    *y = minimum.y;
    *width = size.x;
    *height = size.y;
}

bool imgui_bridge_item_in_view(void) {
    // The window being built is the scrolling region itself. A selectable's rectangle reaches half the item
    // spacing past its text, so the first line pokes above the region's top: its middle, where a click lands,
    // is what must be inside.
    float top = ImGui::GetWindowPos().y, bottom = top + ImGui::GetWindowSize().y;
    float middle = (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) / 2;
    return ImGui::IsItemVisible() && middle >= top && middle <= bottom;
}

void imgui_bridge_circle(float x, float y, float radius, uint32_t colour, float thickness) {
    ImGui::GetForegroundDrawList()->AddCircle(ImVec2(x, y), radius, colour, 0, thickness);
}

void imgui_bridge_line(float x0, float y0, float x1, float y1, uint32_t colour, float thickness) {
    ImGui::GetForegroundDrawList()->AddLine(ImVec2(x0, y0), ImVec2(x1, y1), colour, thickness);
}

void imgui_bridge_backdrop_text(float x, float y, const char *text, uint32_t colour, float clip_x, float clip_y,
                                float clip_width, float clip_height) {
    ImVec4 clip(clip_x, clip_y, clip_x + clip_width, clip_y + clip_height);
    backdrop_list()->AddText(nullptr, 0, ImVec2(x, y), colour, text, nullptr, 0, &clip);
}

void imgui_bridge_backdrop_rectangle(float x, float y, float width, float height, uint32_t colour, float rounding,
                                     float thickness) {
    ImDrawList *list = backdrop_list();
    if (thickness > 0) {
        list->AddRect(ImVec2(x, y), ImVec2(x + width, y + height), colour, rounding, 0, thickness);
    } else {
        list->AddRectFilled(ImVec2(x, y), ImVec2(x + width, y + height), colour, rounding);
    }
}

void imgui_bridge_backdrop_curve(float x0, float y0, float x1, float y1, float x2, float y2, float x3, float y3,
                                 uint32_t colour, float thickness) {
    backdrop_list()->AddBezierCubic(ImVec2(x0, y0), ImVec2(x1, y1), ImVec2(x2, y2), ImVec2(x3, y3),
                                                   colour, thickness);
}

void imgui_bridge_backdrop_path(const float *xy, int curves, uint32_t colour, float thickness) {
    ImDrawList *list = backdrop_list();
    list->PathLineTo(ImVec2(xy[0], xy[1]));
    for (int curve = 0; curve < curves; curve++) {
        const float *c = xy + 2 + curve * 6;
        const ImVec2 from = list->_Path.back(), to(c[4], c[5]);
        // A level run is one segment; a curve as many as keep each about 12 pixels long, from 2 to 16.
        if (from.y == to.y && c[1] == from.y && c[3] == to.y) {
            list->PathLineTo(to);
            continue;
        }
        const float chord = sqrtf((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y));
        const int segments = chord < 24 ? 2 : chord > 192 ? 16 : (int)(chord / 12);
        list->PathBezierCubicCurveTo(ImVec2(c[0], c[1]), ImVec2(c[2], c[3]), to, segments);
    }
    list->PathStroke(colour, 0, thickness);
}

void imgui_bridge_backdrop_disc(float x, float y, float radius, uint32_t colour) {
    backdrop_list()->AddCircleFilled(ImVec2(x, y), radius, colour);
}

float imgui_bridge_wheel_over_backdrop(void) {
    const ImGuiIO &io = ImGui::GetIO();
    return io.WantCaptureMouse ? 0 : io.MouseWheel;
}

bool imgui_bridge_begin_child(const char *identifier, float width, float height) {
    return ImGui::BeginChild(identifier, ImVec2(width, height), false);
}

void imgui_bridge_end_child(void) { ImGui::EndChild(); }

void imgui_bridge_begin_group(void) { ImGui::BeginGroup(); }

bool imgui_bridge_end_group_clicked(void) {
    ImGui::EndGroup();
    return ImGui::IsItemClicked(ImGuiMouseButton_Left);
}

void imgui_bridge_scroll_to_last_item(void) { ImGui::SetScrollHereY(0.5f); }

int32_t imgui_bridge_vertical_arrow_pressed(void) {
    ImGuiIO &io = ImGui::GetIO();
    if (ImGui::IsKeyPressed(io.KeyMap[ImGuiKey_UpArrow], true)) return -1;
    if (ImGui::IsKeyPressed(io.KeyMap[ImGuiKey_DownArrow], true)) return 1;
    return 0;
}

bool imgui_bridge_window_clicked(void) {
    return ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) && ImGui::IsMouseReleased(ImGuiMouseButton_Left);
}

bool imgui_bridge_window_shows_all(void) {
    // The content's height so far against the room the window gives it, both from its top.
    ImGuiWindow *window = ImGui::GetCurrentWindow();
    return ImGui::GetCursorPosY() - window->WindowPadding.y <= window->Size.y + 0.5f;
}

#include "ImGuiBridge.h"
#include "QueuedKeyboard.h"
#include "BackdropList.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

// Enough of Unicode for the interface's own text and what compositions, compilers and the filters' descriptions
// put in it: Latin, Greek (θ σ), punctuation (… ·), arrows (↺), mathematical operators (− √) and shapes (●).
static const ImWchar glyphRanges[] = {
    0x0020, 0x00FF,
    0x0100, 0x017F,
    0x0370, 0x03FF,
    0x2000, 0x206F,
    0x2190, 0x21FF,
    0x2200, 0x22FF,
    0x25A0, 0x25FF,
    0,
};

static ImFont *monospaceFont = nullptr;
/// Pop-ups can only be closed inside a frame: a request between frames waits for the next.
static bool closingPopups = false;

void imgui_bridge_start(void *glfw_window, const char *font_path, const char *monospace_font_path,
                        float pixel_height, float scale) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    // Nothing of the interface is kept between runs, and nothing is written where the app was started.
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 0;
    style.WindowBorderSize = 0;
    style.ScaleAllSizes(scale);
    io.Fonts->AddFontFromFileTTF(font_path, pixel_height, nullptr, glyphRanges);
    monospaceFont = io.Fonts->AddFontFromFileTTF(monospace_font_path, pixel_height, nullptr, glyphRanges);
    queued_keyboard_take_window_callbacks(glfw_window);
    ImGui_ImplGlfw_InitForOpenGL(static_cast<GLFWwindow *>(glfw_window), true);
    queued_keyboard_install(glfw_window);
    ImGui_ImplOpenGL3_Init("#version 300 es");
}

void imgui_bridge_stop(void) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    queued_keyboard_stop();
    backdrop_layer_release();
    ImGui::DestroyContext();
    monospaceFont = nullptr;
}

void imgui_bridge_begin_frame(void) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    queued_keyboard_feed_frame();
    ImGui::NewFrame();
    if (closingPopups) {
        ImGui::ClosePopupToLevel(0, true);
        closingPopups = false;
    }
}

void imgui_bridge_render(void) {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool imgui_bridge_settling(void) {
    for (ImGuiWindow *window : ImGui::GetCurrentContext()->Windows) {
        if (window->Active && (window->HiddenFramesCanSkipItems > 0 || window->HiddenFramesCannotSkipItems > 0)) return true;
    }
    return false;
}

bool imgui_bridge_wants_pointer(void) { return ImGui::GetIO().WantCaptureMouse; }

bool imgui_bridge_wants_text(void) {
    // Whether a text field is the active item as the last frame ended. WantTextInput says the same a frame late,
    // both ways, and the window draws no frame nothing asks for: it would hold on to the keys after Enter let the
    // field go, and let the first key typed after the field took the keyboard reach the window.
    ImGuiContext &context = *ImGui::GetCurrentContext();
    return context.ActiveId != 0 && context.ActiveId == context.InputTextState.ID;
}

bool imgui_bridge_popup_open(void) { return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId); }

void imgui_bridge_close_popups(void) { closingPopups = true; }

void imgui_bridge_push_monospace(void) { ImGui::PushFont(monospaceFont); }

void imgui_bridge_pop_font(void) { ImGui::PopFont(); }

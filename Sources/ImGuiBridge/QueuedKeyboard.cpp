#include "ImGuiBridge.h"
#include "QueuedKeyboard.h"

#include <deque>

#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

// Dear ImGui 1.86 reads a key's state once per frame (io.KeysDown), and its GLFW backend writes that state as
// events arrive: a key pressed and released between two frames is never seen down, so a short Enter in a field
// is lost whenever frames are slower than a keystroke. Here keys and characters wait in one queue, in the order
// they came, and each frame takes events from it until a key would change a second time; that key's next
// change waits for the next frame. The window's own callbacks still see every event as it comes.

namespace {

struct KeyboardEvent {
    bool isCharacter;
    int key;        // GLFW key, for a key event
    bool down;      // pressed (true) or released, for a key event
    unsigned int character;
};

std::deque<KeyboardEvent> pending;
GLFWkeyfun windowKeyCallback = nullptr;
GLFWcharfun windowCharacterCallback = nullptr;

void queueKey(GLFWwindow *window, int key, int scancode, int action, int modifiers) {
    if (windowKeyCallback) windowKeyCallback(window, key, scancode, action, modifiers);
    // Repeats are ImGui's to make, from how long a key has been down.
    if (action == GLFW_REPEAT || key < 0 || key >= IM_ARRAYSIZE(ImGui::GetIO().KeysDown)) return;
    pending.push_back({false, key, action == GLFW_PRESS, 0});
}

void queueCharacter(GLFWwindow *window, unsigned int character) {
    if (windowCharacterCallback) windowCharacterCallback(window, character);
    pending.push_back({true, 0, false, character});
}

}  // namespace

void queued_keyboard_take_window_callbacks(void *glfw_window) {
    GLFWwindow *window = static_cast<GLFWwindow *>(glfw_window);
    windowKeyCallback = glfwSetKeyCallback(window, nullptr);
    windowCharacterCallback = glfwSetCharCallback(window, nullptr);
}

void queued_keyboard_install(void *glfw_window) {
    GLFWwindow *window = static_cast<GLFWwindow *>(glfw_window);
    glfwSetKeyCallback(window, queueKey);
    glfwSetCharCallback(window, queueCharacter);
}

void queued_keyboard_stop(void) {
    pending.clear();
    windowKeyCallback = nullptr;
    windowCharacterCallback = nullptr;
}

void queued_keyboard_feed_frame(void) {
    ImGuiIO &io = ImGui::GetIO();
    bool changed[IM_ARRAYSIZE(io.KeysDown)] = {};
    while (!pending.empty()) {
        const KeyboardEvent &event = pending.front();
        if (event.isCharacter) {
            io.AddInputCharacter(event.character);
        } else {
            if (changed[event.key]) break;
            changed[event.key] = true;
            io.KeysDown[event.key] = event.down;
        }
        pending.pop_front();
    }
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
}

bool imgui_bridge_input_pending(void) { return !pending.empty(); }

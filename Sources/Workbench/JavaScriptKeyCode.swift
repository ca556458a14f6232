import CGLFW

/// The code a web browser gives a key (`KeyboardEvent.keyCode`), which ShaderToy's keyboard image is indexed by:
/// letters and digits by their capital ASCII, the arrows 37 to 40, and so on. Nil for keys a browser has no code for.
enum JavaScriptKeyCode {
    static func of(glfwKey key: Int32) -> Int? {
        switch key {
        case GLFW_KEY_A...GLFW_KEY_Z, GLFW_KEY_0...GLFW_KEY_9, GLFW_KEY_SPACE: Int(key)
        case GLFW_KEY_KP_0...GLFW_KEY_KP_9: 96 + Int(key - GLFW_KEY_KP_0)
        case GLFW_KEY_F1...GLFW_KEY_F12: 112 + Int(key - GLFW_KEY_F1)
        default: named[key]
        }
    }

    private static let named: [Int32: Int] = [
        GLFW_KEY_BACKSPACE: 8, GLFW_KEY_TAB: 9, GLFW_KEY_ENTER: 13, GLFW_KEY_KP_ENTER: 13,
        GLFW_KEY_LEFT_SHIFT: 16, GLFW_KEY_RIGHT_SHIFT: 16, GLFW_KEY_LEFT_CONTROL: 17, GLFW_KEY_RIGHT_CONTROL: 17,
        GLFW_KEY_LEFT_ALT: 18, GLFW_KEY_RIGHT_ALT: 18, GLFW_KEY_PAUSE: 19, GLFW_KEY_CAPS_LOCK: 20, GLFW_KEY_ESCAPE: 27,
        GLFW_KEY_PAGE_UP: 33, GLFW_KEY_PAGE_DOWN: 34, GLFW_KEY_END: 35, GLFW_KEY_HOME: 36,
        GLFW_KEY_LEFT: 37, GLFW_KEY_UP: 38, GLFW_KEY_RIGHT: 39, GLFW_KEY_DOWN: 40,
        GLFW_KEY_INSERT: 45, GLFW_KEY_DELETE: 46,
        GLFW_KEY_KP_MULTIPLY: 106, GLFW_KEY_KP_ADD: 107, GLFW_KEY_KP_SUBTRACT: 109, GLFW_KEY_KP_DECIMAL: 110, GLFW_KEY_KP_DIVIDE: 111,
        GLFW_KEY_NUM_LOCK: 144, GLFW_KEY_SCROLL_LOCK: 145,
        GLFW_KEY_SEMICOLON: 186, GLFW_KEY_EQUAL: 187, GLFW_KEY_COMMA: 188, GLFW_KEY_MINUS: 189, GLFW_KEY_PERIOD: 190,
        GLFW_KEY_SLASH: 191, GLFW_KEY_GRAVE_ACCENT: 192, GLFW_KEY_LEFT_BRACKET: 219, GLFW_KEY_BACKSLASH: 220,
        GLFW_KEY_RIGHT_BRACKET: 221, GLFW_KEY_APOSTROPHE: 222,
    ]
}

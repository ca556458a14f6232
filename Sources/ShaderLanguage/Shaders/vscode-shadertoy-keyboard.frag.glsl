// What #iKeyboard brings to a shader written for VS Code's Shader Toy extension, after the iKeyboard sampler:
// a constant for each key by its browser key code, under the extension's names (spelling included), and four
// questions about a key. iKeyboard is 256 by 4, one column per key code, its rows counted y up as the
// shader reads them: held, went down since the last frame, pressed an odd number of times, went up since
// the last frame; in red.
// Editing and modifier keys
const int Key_Backspace = 8, Key_Tab = 9, Key_Enter = 13, Key_Shift = 16, Key_Ctrl = 17, Key_Alt = 18,
    Key_Pause = 19, Key_Caps = 20, Key_Escape = 27;
// Navigation
const int Key_PageUp = 33, Key_PageDown = 34, Key_End = 35, Key_Home = 36, Key_LeftArrow = 37,
    Key_UpArrow = 38, Key_RightArrow = 39, Key_DownArrow = 40, Key_Insert = 45, Key_Delete = 46;
// Digits
const int Key_0 = 48, Key_1 = 49, Key_2 = 50, Key_3 = 51, Key_4 = 52, Key_5 = 53, Key_6 = 54, Key_7 = 55,
    Key_8 = 56, Key_9 = 57;
// Letters
const int Key_A = 65, Key_B = 66, Key_C = 67, Key_D = 68, Key_E = 69, Key_F = 70, Key_G = 71, Key_H = 72,
    Key_I = 73, Key_J = 74, Key_K = 75, Key_L = 76, Key_M = 77, Key_N = 78, Key_O = 79, Key_P = 80,
    Key_Q = 81, Key_R = 82, Key_S = 83, Key_T = 84, Key_U = 85, Key_V = 86, Key_W = 87, Key_X = 88,
    Key_Y = 89, Key_Z = 90;
// System keys
const int Key_LeftWindow = 91, Key_RightWindows = 92, Key_Select = 93;
// The numeric keypad
const int Key_Numpad0 = 96, Key_Numpad1 = 97, Key_Numpad2 = 98, Key_Numpad3 = 99, Key_Numpad4 = 100,
    Key_Numpad5 = 101, Key_Numpad6 = 102, Key_Numpad7 = 103, Key_Numpad8 = 104, Key_Numpad9 = 105,
    Key_NumpadMultiply = 106, Key_NumpadAdd = 107, Key_NumpadSubtract = 109, Key_NumpadPeriod = 110,
    Key_NumpadDivide = 111;
// Function keys
const int Key_F1 = 112, Key_F2 = 113, Key_F3 = 114, Key_F4 = 115, Key_F5 = 116, Key_F6 = 117, Key_F7 = 118,
    Key_F8 = 119, Key_F9 = 120, Key_F10 = 121, Key_F11 = 122, Key_F12 = 123, Key_NumLock = 144,
    Key_ScrollLock = 145;
// Punctuation
const int Key_SemiColon = 186, Key_Equal = 187, Key_Comma = 188, Key_Dash = 189, Key_Period = 190,
    Key_ForwardSlash = 191, Key_GraveAccent = 192, Key_OpenBracket = 219, Key_BackSlash = 220,
    Key_CloseBraket = 221, Key_SingleQuote = 222;
bool shaderbenchKeyState(int key, int row) { return texelFetch(iKeyboard, ivec2(key, row), 0).r > 0.0; }
bool isKeyDown(int key) { return shaderbenchKeyState(key, 0); }
bool isKeyPressed(int key) { return shaderbenchKeyState(key, 1); }
bool isKeyToggled(int key) { return shaderbenchKeyState(key, 2); }
bool isKeyReleased(int key) { return shaderbenchKeyState(key, 3); }

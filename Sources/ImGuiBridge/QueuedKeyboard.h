#ifndef SHADERBENCH_QUEUED_KEYBOARD_H
#define SHADERBENCH_QUEUED_KEYBOARD_H

// The keyboard between GLFW and Dear ImGui, queued so that no transition is lost between frames
// (QueuedKeyboard.cpp says why). Internal to the bridge.

/// Takes the window's own key and character callbacks off it, before ImGui's backend chains in front of them.
void queued_keyboard_take_window_callbacks(void *glfw_window);
/// Puts the queue's callbacks on the window, after ImGui's backend installed its own: each calls the window's
/// own callback at once and queues the event for the interface.
void queued_keyboard_install(void *glfw_window);
void queued_keyboard_stop(void);
/// Hands the interface the queued events this frame may see, before it starts the frame.
void queued_keyboard_feed_frame(void);

#endif

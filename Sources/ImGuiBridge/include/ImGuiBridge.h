#ifndef SHADERBENCH_IMGUI_BRIDGE_H
#define SHADERBENCH_IMGUI_BRIDGE_H

// A C interface over the parts of Dear ImGui (C++) the window's interface uses, so Swift can call it without
// C++ interoperability. One ImGui context per process, bound to one GLFW window, used on the thread that
// owns that window's GL context.

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Creates the context for `glfw_window` (a GLFWwindow *): fonts from the two TrueType files at
/// `pixel_height`, sizes scaled by `scale`, and ImGui's GLFW input callbacks chained in front of the
/// window's own. The font files must exist: ImGui asserts on a missing one.
void imgui_bridge_start(void *glfw_window, const char *font_path, const char *monospace_font_path,
                        float pixel_height, float scale);
void imgui_bridge_stop(void);

/// Starts a frame: reads the pointer and the window's size.
void imgui_bridge_begin_frame(void);
/// Ends the frame and draws it into the current framebuffer with GL.
void imgui_bridge_render(void);

/// Whether keys or characters wait for the interface: each frame sees one change of a key, so a short press
/// takes two frames, and the window must draw them.
bool imgui_bridge_input_pending(void);

/// Whether a window of the last frame was hidden while it was measured (a window or pop-up appearing is drawn
/// from its second frame): another frame then shows it, with no input to ask for one.
bool imgui_bridge_settling(void);

/// Whether the last frame's interface wants the pointer (it is over a window or dragging a control) or
/// typed text (a field is being edited), so the app leaves those to it.
bool imgui_bridge_wants_pointer(void);
bool imgui_bridge_wants_text(void);
/// Whether a pop-up (a colour picker, a drop-down) is open; Escape closes them all from the next frame on.
bool imgui_bridge_popup_open(void);
void imgui_bridge_close_popups(void);

typedef enum {
    /// A fixed panel with a background that scrolls when its content is taller.
    IMGUI_BRIDGE_WINDOW_PANEL = 0,
    /// Sized to its content, translucent, and transparent to the pointer: text over the image.
    IMGUI_BRIDGE_WINDOW_OVERLAY = 1,
} imgui_bridge_window_style;

/// A window at (`x`, `y`) in window pixels, its corner at `pivot` (0 0 top-left, 1 1 bottom-right), of
/// `width` × `height` (0: fitted to its content). Call `imgui_bridge_end_window` whatever it returns.
bool imgui_bridge_begin_window(const char *identifier, float x, float y, float pivot_x, float pivot_y,
                               float width, float height, imgui_bridge_window_style style);
void imgui_bridge_end_window(void);

void imgui_bridge_text(const char *text, float red, float green, float blue, float alpha);
/// Text broken into lines at the window's width.
void imgui_bridge_wrapped_text(const char *text, float red, float green, float blue, float alpha);
void imgui_bridge_push_monospace(void);
void imgui_bridge_pop_font(void);
float imgui_bridge_text_width(const char *text);
float imgui_bridge_line_height(void);
/// The space between a window's edges and its items, and between one line of items and the next.
void imgui_bridge_window_spacing(float *padding_x, float *padding_y, float *line_gap);
/// The next item goes on this line, `x` from the window's left (0: just after the last item).
void imgui_bridge_same_line(float x);
void imgui_bridge_separator(void);
/// A section heading that opens and closes; true while open.
bool imgui_bridge_section(const char *label);
float imgui_bridge_available_width(void);
void imgui_bridge_set_next_width(float width);
void imgui_bridge_push_identifier(const char *identifier);
void imgui_bridge_pop_identifier(void);
/// A scrolling region of `width` × `height` inside the window (0: all that is left that way). Call
/// `imgui_bridge_end_child` whatever it returns.
bool imgui_bridge_begin_child(const char *identifier, float width, float height);
void imgui_bridge_end_child(void);
/// Items drawn between these are one: true in the frame a click landed on any of them.
void imgui_bridge_begin_group(void);
bool imgui_bridge_end_group_clicked(void);
/// Scrolls the region being built so the last item is in its middle.
void imgui_bridge_scroll_to_last_item(void);
/// -1 when Up, 1 when Down was pressed (or repeated) in this frame, else 0.
int32_t imgui_bridge_vertical_arrow_pressed(void);
/// Whether a click ended over the window being built (or a region in it) in this frame: its button was let go.
bool imgui_bridge_window_clicked(void);
/// Whether what the window being built holds so far fits in its height: a window fitted to its content measures
/// it a frame late, so false in the frame its content grew.
bool imgui_bridge_window_shows_all(void);
/// Controls drawn between these show their values but cannot be changed.
void imgui_bridge_begin_read_only(void);
void imgui_bridge_end_read_only(void);
void imgui_bridge_tooltip(const char *text);
/// Moves the next text down to where a control's text sits, so a name lines up with the control beside it.
void imgui_bridge_align_text_to_controls(void);

// Controls. Each returns true in the frame the person changed its value; labels starting "##" are hidden.
bool imgui_bridge_slider_float(const char *label, float *value, float minimum, float maximum);
bool imgui_bridge_slider_int(const char *label, int32_t *value, int32_t minimum, int32_t maximum);
bool imgui_bridge_checkbox(const char *label, bool *value);
bool imgui_bridge_button(const char *label);
bool imgui_bridge_small_button(const char *label);
bool imgui_bridge_menu(const char *label, int32_t *selected, const char *const *items, int32_t count);
/// A one-line text field editing `buffer`, `capacity` bytes with its terminating zero; `take_focus` puts the
/// keyboard in it from the next frame. True in the frame Enter was pressed in it, which also lets the field go.
bool imgui_bridge_search_field(const char *label, const char *hint, char *buffer, int32_t capacity, bool take_focus);
/// A line that can be chosen, highlighted while `selected`; true in the frame it was clicked.
bool imgui_bridge_selectable(const char *label, bool selected);
/// The GL texture `texture` (RGBA, row 0 at the top) drawn `width` by `height`, as an item of the window.
void imgui_bridge_image(unsigned int texture, float width, float height);
/// A swatch of `components` (3 or 4) floats that opens a picker, then a field per component. `swatch`
/// receives the swatch's rectangle (x, y, width, height) and, while the picker is open, `picker` its
/// saturation-value square; else zeros.
bool imgui_bridge_colour(const char *label, float *values, int32_t components, float *swatch, float *picker);

/// Whether the person is holding a control (dragging a slider, pressing a button), which makes one gesture
/// of all the changes it brings.
bool imgui_bridge_any_item_active(void);
/// Where the last item drawn is, in window pixels.
void imgui_bridge_item_rectangle(float *x, float *y, float *width, float *height);
/// Whether the last item drawn is in view: its middle, where a click lands, inside the region that holds it.
bool imgui_bridge_item_in_view(void);

/// A ring over everything, in window pixels; `colour` is 0xAABBGGRR.
void imgui_bridge_circle(float x, float y, float radius, uint32_t colour, float thickness);
/// A straight line over everything, from (`x0`, `y0`) to (`x1`, `y1`) in window pixels.
void imgui_bridge_line(float x0, float y0, float x1, float y1, uint32_t colour, float thickness);
/// Text under every window but over the image, in window pixels, cut off outside its clip rectangle (x, y,
/// width, height).
void imgui_bridge_backdrop_text(float x, float y, const char *text, uint32_t colour, float clip_x, float clip_y,
                                float clip_width, float clip_height);
/// A rectangle under every window but over the image: its outline `thickness` wide, or filled when 0.
void imgui_bridge_backdrop_rectangle(float x, float y, float width, float height, uint32_t colour, float rounding,
                                     float thickness);
/// A cubic Bézier curve under every window, from (`x0`, `y0`) to (`x3`, `y3`) with the two control points between.
void imgui_bridge_backdrop_curve(float x0, float y0, float x1, float y1, float x2, float y2, float x3, float y3,
                                 uint32_t colour, float thickness);
/// A filled circle under every window.
/// A layer of backdrop marks drawn apart from the frame: between begin and end every `imgui_bridge_backdrop_…`
/// mark goes into it, and end draws it into the framebuffer bound then, `width` × `height` interface units at
/// `pixels_per_unit`, so what does not change between frames is drawn once into a texture.
void imgui_bridge_layer_begin(float width, float height);
void imgui_bridge_layer_end(float width, float height, float pixels_per_unit);

/// One stroke through cubic Bézier curves under the interface's windows: `xy` holds the start, then each curve's
/// two controls and end (2 + 6 × `curves` numbers); each curve is cut into segments by its length, a level one
/// into one.
void imgui_bridge_backdrop_path(const float *xy, int curves, uint32_t colour, float thickness);
void imgui_bridge_backdrop_disc(float x, float y, float radius, uint32_t colour);
/// The scroll wheel's turn this frame where no window takes the pointer (up is positive); 0 over a window.
float imgui_bridge_wheel_over_backdrop(void);

#ifdef __cplusplus
}
#endif

#endif

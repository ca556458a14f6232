import Foundation
import GPU
import ImGuiBridge

/// Controls. Each takes the value it shows and returns true in the frame the person changed it. A label
/// starting with `##` is not shown, only told apart.
extension InterfaceContext {
    public func slider(_ label: String, value: inout Float, range: ClosedRange<Float>) -> Bool {
        imgui_bridge_slider_float(label, &value, range.lowerBound, range.upperBound)
    }

    public func slider(_ label: String, value: inout Int32, range: ClosedRange<Int32>) -> Bool {
        imgui_bridge_slider_int(label, &value, range.lowerBound, range.upperBound)
    }

    public func checkbox(_ label: String, value: inout Bool) -> Bool {
        imgui_bridge_checkbox(label, &value)
    }

    /// True in the frame it was clicked.
    public func button(_ label: String, small: Bool = false) -> Bool {
        small ? imgui_bridge_small_button(label) : imgui_bridge_button(label)
    }

    /// A one-line field editing `text`, showing `hint` while empty; `focus` puts the keyboard in it. True in the
    /// frame Enter was pressed in it, which also lets the keyboard go back to the window.
    public func searchField(_ label: String, hint: String = "search", text: inout String, focus: Bool) -> Bool {
        var buffer = [CChar](repeating: 0, count: 256)
        for (index, byte) in text.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = CChar(bitPattern: byte) }
        let entered = imgui_bridge_search_field(label, hint, &buffer, Int32(buffer.count), focus)
        text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return entered
    }

    /// A line that can be chosen, highlighted while `selected`; true in the frame it was clicked.
    public func selectable(_ label: String, selected: Bool) -> Bool {
        imgui_bridge_selectable(label, selected)
    }

    /// `image` shown `width` by `height`, as a line of the window.
    public func image(_ image: RenderTarget, width: Float, height: Float) {
        imgui_bridge_image(image.texture, width, height)
    }

    /// A drop-down of `items`; `selected` is the index of the one chosen.
    public func menu(_ label: String, selected: inout Int32, items: [String]) -> Bool {
        var texts = items.map { strdup($0) }
        defer { texts.forEach { free($0) } }
        return texts.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { pointer in
                imgui_bridge_menu(label, &selected, pointer, Int32(buffer.count))
            }
        }
    }

    /// A swatch that opens a colour picker, then a field per component; `colour` holds 3 or 4 components.
    /// `swatch` is where the swatch is, and `picker` the picker's saturation-value square while it is open.
    public func colour(_ label: String, value colour: inout [Float], swatch: inout InterfaceRectangle,
                       picker: inout InterfaceRectangle?) -> Bool {
        precondition(colour.count == 3 || colour.count == 4, "a colour has 3 or 4 components")
        var swatchRectangle = [Float](repeating: 0, count: 4)
        var square = [Float](repeating: 0, count: 4)
        let changed = imgui_bridge_colour(label, &colour, Int32(colour.count), &swatchRectangle, &square)
        swatch = InterfaceRectangle(x: swatchRectangle[0], y: swatchRectangle[1], width: swatchRectangle[2], height: swatchRectangle[3])
        let rectangle = InterfaceRectangle(x: square[0], y: square[1], width: square[2], height: square[3])
        picker = rectangle.isEmpty ? nil : rectangle
        return changed
    }
}

import GPU
import ShaderGraph
import ShaderLanguage
import Testing
@testable import Workbench

/// What the window's panels write, worked out without a window: captions that fit, descriptions as they read,
/// parameters under their node.
@Suite("The window's text")
struct WindowTextTests {
    /// Eight units a character, as a monospaced font would measure.
    func width(_ text: String) -> Float { Float(text.count) * 8 }

    @Test("a grid caption keeps what fits of size, format and cost, the cost last, and never more than its room")
    func gridCaption() {
        let image = TextureDescriptor(size: PixelSize(width: 640, height: 360))
        let full = NodeGrid.caption(image: image, milliseconds: 1.5, room: 1000, width: width)
        #expect(full == "\(image.description)  ·  1.50 ms")
        let small = NodeGrid.caption(image: image, milliseconds: 1.5, room: width("640×360  ·  1.50 ms"), width: width)
        #expect(small == "640×360  ·  1.50 ms")
        #expect(NodeGrid.caption(image: image, milliseconds: 1.5, room: 80, width: width) == "1.50 ms")
        for room in stride(from: Float(60), through: 400, by: 20) {
            let caption = NodeGrid.caption(image: image, milliseconds: 12.25, room: room, width: width)
            #expect(width(caption) <= room || caption == "12.25 ms", "room \(room): \(caption)")
        }
    }

    @Test("a filter's description is shown as it reads, without the Markdown of the catalogue page")
    func plainDescription() {
        #expect(FilterLibraryPanel.plainText("Blends by `intensity`, **not** by alpha.") == "Blends by intensity, not by alpha.")
    }
}

import Foundation
import TestSupport
import Testing

/// The window's clock as a ShaderToy's: the first frame the graph draws is frame 0 at time 0, however long the
/// window took to build it, so a buffer set up at `iFrame == 0` and kept from frame to frame is set up.
@Suite("The window's clock", .serialized)
struct WindowClockTests {
    /// Green at frame 0 when the clock reads under a tenth of a second there, red if it reads more; after
    /// that, its own last frame. Frame 0 drawn at a later time shows red, and no frame 0 at all shows black.
    static let setUpOnce = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            vec4 start = iTime < 0.1 ? vec4(0.0, 0.8, 0.0, 1.0) : vec4(0.8, 0.0, 0.0, 1.0);
            fragColor = iFrame == 0 ? start : texture(iChannel0, uv);
        }
        """

    @Test("the first graph's first frame is iFrame 0 at iTime 0, so what a ShaderToy buffer sets up then stays")
    func firstFrameIsFrameZero() throws {
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 64]
            nodes:
              keep: { kind: shader, file: keep.frag, inputs: { iChannel0: keep }, previous: [iChannel0] }
            output: keep
            """) { folder in
            try folder.write("compositions/keep.frag", Self.setUpOnce)
        }
        #expect(try window.waitForCentre((0, 204, 0)), "shows \(String(describing: try? window.centre())): \(window.app.error)")
        // It stays: every later frame is the last one again.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try window.waitForCentre((0, 204, 0)))
    }
}

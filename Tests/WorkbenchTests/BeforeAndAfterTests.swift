import Foundation
import TestSupport
import Testing

/// B in the real window under Xvfb: the shown image kept as a reference left of a divider, the live one right
/// of it, read back from the screen.
@Suite("Before and after", .serialized)
struct BeforeAndAfterTests {
    /// The 64×64 square fills the window's height, from x 280 to 1000; the divider starts in the middle, at 640.
    static let left = (x: 400, y: 360)
    static let right = (x: 880, y: 360)

    @Test("a kept reference shows left of the divider and the saved shader right of it; the divider drags; B again drops it")
    func referenceBesideLive() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
        try window.pressAndWait("b")
        let kept = Date()
        try LiveWindow.shader(red: 0, green: 1, blue: 0).write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(try window.waitFor([(Self.left.x, Self.left.y, red), (Self.right.x, Self.right.y, green)]), "stderr: \(window.app.error)")

        try window.pointer(["mousemove", "640", "360", "sleep", "0.2", "mousedown", "1", "sleep", "0.3", "mousemove", "550", "360",
                            "sleep", "0.3", "mousemove", "460", "360", "sleep", "0.3", "mouseup", "1"])
        #expect(try window.waitFor([(Self.left.x, Self.left.y, red), (520, 360, green), (Self.right.x, Self.right.y, green)]),
                "the divider did not follow the pointer to 460")

        // Kept and idle, the window draws nothing (once the notice B showed has gone).
        Thread.sleep(until: kept.addingTimeInterval(5))
        let frames = window.count(of: "frame-presented")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(window.count(of: "frame-presented") == frames)

        try window.pressAndWait("b")
        #expect(try window.waitFor([(Self.left.x, Self.left.y, green), (Self.right.x, Self.right.y, green)]))
    }
}

import Foundation
import ShaderGraph
import TestSupport
import Testing

/// Edits made in the node graph (N) under Xvfb with xdotool, each checked in the composition's bytes (only the
/// intended ones change, the comment stays) and in the picture.
@Suite("Editing the graph in the window", .serialized)
struct GraphEditWindowTests {
    static let composition = """
        composition: 1
        size: [320, 180]
        nodes:
          reds: { kind: shader, file: red.fsh }
          greens: { kind: shader, file: green.fsh, uniforms: { amount: 0.5 } }
          level: { kind: constant, value: 0.25 }
          blues: { kind: shader, file: blue.fsh, uniforms: { amount: level } }
          # which node the window shows
        output: blues

        """

    static func shader(_ colour: String) -> String {
        """
        precision mediump float;
        uniform float amount;
        void main() { gl_FragColor = vec4(\(colour), 1.0) + vec4(amount * 0.0); }
        """
    }

    func openGraph() throws -> LiveWindow {
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/red.fsh", LiveWindow.shader(red: 1, green: 0, blue: 0))
            try folder.write("compositions/green.fsh", Self.shader("0.0, 1.0, 0.0"))
            try folder.write("compositions/blue.fsh", Self.shader("0.0, 0.0, 1.0"))
        }
        #expect(try window.waitForCentre(blue), "stderr: \(window.app.error)")
        try window.pressAndWait("n")
        #expect(eventually { window.trace.graphNodes.count == 4 }, "the graph did not open: \(window.trace.graphNodes.keys)")
        return window
    }

    func text(_ window: LiveWindow) throws -> String {
        try String(contentsOfFile: window.compositionPath, encoding: .utf8)
    }

    /// Where a box's output socket and its first port's socket are on the screen, worked out from the box the
    /// trace gives and the layout's measures at the box's zoom.
    func sockets(of node: String, in window: LiveWindow) throws -> (output: (x: Int, y: Int), port: (x: Int, y: Int)) {
        let box = try #require(window.trace.graphNodes[node])
        let zoom = box.width / GraphMetrics.boxWidth
        return ((Int(box.x + box.width), Int(box.y + GraphMetrics.header / 2 * zoom)),
                (Int(box.x), Int(box.y + (GraphMetrics.header + GraphMetrics.portRow / 2) * zoom)))
    }

    func drag(_ window: LiveWindow, from start: (x: Int, y: Int), to end: (x: Int, y: Int)) throws {
        let middle = ((start.x + end.x) / 2, (start.y + end.y) / 2)
        try window.pointer(["mousemove", "\(start.x)", "\(start.y)", "sleep", "0.2", "mousedown", "1", "sleep", "0.2",
                            "mousemove", "\(middle.0)", "\(middle.1)", "sleep", "0.2", "mousemove", "\(end.x)", "\(end.y)", "sleep", "0.3",
                            "mouseup", "1"])
    }

    func click(_ node: String, in window: LiveWindow) throws {
        let box = try #require(window.trace.graphNodes[node])
        try window.pointer(["mousemove", "\(Int(box.x + box.width / 2))", "\(Int(box.y + 8))", "sleep", "0.2", "click", "1"])
        Thread.sleep(forTimeInterval: 0.6)
    }

    @Test("O makes the node shown the output: one name changes in the file, and Ctrl-Z writes the file back")
    func setOutputAndUndo() throws {
        let window = try openGraph()
        try click("greens", in: window)
        try window.pressAndWait("o")
        #expect(eventually { (try? text(window)) == Self.composition.replacingOccurrences(of: "output: blues", with: "output: greens") },
                "stderr: \(window.app.error)")
        try window.pressAndWait("n")
        #expect(try window.waitForCentre(green))
        try window.pressAndWait("ctrl+z")
        #expect(eventually { (try? text(window)) == Self.composition }, "undo did not write the file back")
        #expect(try window.waitForCentre(blue))
    }

    @Test("Delete takes the node shown out, its line only; deleting the output is refused with its code and the file untouched")
    func deleteAndRefusal() throws {
        let window = try openGraph()
        try click("reds", in: window)
        try window.pressAndWait("Delete")
        #expect(eventually { (try? text(window)) == Self.composition.replacingOccurrences(of: "  reds: { kind: shader, file: red.fsh }\n", with: "") },
                "stderr: \(window.app.error)")
        #expect(eventually { window.trace.events.last { $0.name == "graph-node" && ($0.fields["node"] as? String) == "greens" } != nil })
        try click("blues", in: window)
        let before = try text(window)
        try window.pressAndWait("Delete")
        #expect(eventually { window.count(of: "graph-edit-refused") == 1 })
        let refusal = window.trace.events.last { $0.name == "graph-edit-refused" }
        #expect((refusal?.fields["code"] as? String) == "SB6201", "\(String(describing: refusal?.fields))")
        #expect((refusal?.fields["message"] as? String)?.contains("is the output") == true)
        #expect(try text(window) == before)
    }

    @Test("dragging a value's output onto a port wires it there; dragging a wire off its port unwires it")
    func wireAndUnwire() throws {
        let window = try openGraph()
        let level = try sockets(of: "level", in: window), greens = try sockets(of: "greens", in: window)
        try drag(window, from: level.output, to: (greens.port.x + 30, greens.port.y))
        #expect(eventually { (try? text(window)) == Self.composition.replacingOccurrences(of: "uniforms: { amount: 0.5 }", with: "uniforms: { amount: level }") },
                "stderr: \(window.app.error)")
        #expect(eventually { window.count(of: "graph-edited") == 1 })
        Thread.sleep(forTimeInterval: 0.8)
        let blues = try sockets(of: "blues", in: window)
        try drag(window, from: blues.port, to: (blues.port.x - 60, blues.port.y + 120))
        #expect(eventually { window.count(of: "graph-edited") == 2 }, "stderr: \(window.app.error)")
        let unwired = try text(window)
        #expect(!unwired.contains("blues: { kind: shader, file: blue.fsh, uniforms"), "\(unwired)")
        #expect(unwired.contains("  blues: { kind: shader, file: blue.fsh }\n  # which node the window shows\n"))
    }

    @Test("M renames the node shown: its key and the wires that read it change, and Esc cancels a rename")
    func rename() throws {
        let window = try openGraph()
        try click("level", in: window)
        try window.pressAndWait("m")
        Thread.sleep(forTimeInterval: 0.5)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "--delay", "60",
                                        "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace"])
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "dim"])
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "Return"])
        let renamed = Self.composition.replacingOccurrences(of: "  level: {", with: "  dim: {")
            .replacingOccurrences(of: "uniforms: { amount: level }", with: "uniforms: { amount: dim }")
        #expect(eventually { (try? text(window)) == renamed }, "stderr: \(window.app.error)")
        #expect(eventually { window.trace.graphNodes["dim"] != nil })
        try click("blues", in: window)
        try window.pressAndWait("m")
        Thread.sleep(forTimeInterval: 0.5)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", "x"])
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "Escape"])
        Thread.sleep(forTimeInterval: 0.8)
        #expect(try text(window) == renamed)
        #expect(window.app.isRunning, "Esc quit the window instead of cancelling the rename")
    }

    @Test("dragging a box moves it: its place goes into 'layout:' at the file's end, and the box stays there after the reload")
    func moveBox() throws {
        let window = try openGraph()
        let before = try #require(window.trace.graphNodes["level"])
        let start = (x: Int(before.x + before.width / 2), y: Int(before.y + 10))
        try drag(window, from: start, to: (start.x, start.y + 150))
        #expect(eventually { (try? text(window))?.hasPrefix(Self.composition) == true && (try? text(window))?.contains("layout: { level: [") == true },
                "stderr: \(window.app.error)")
        let written = try text(window)
        #expect(written.dropFirst(Self.composition.count).hasPrefix("layout: { level: ["), "\(written)")
        #expect(eventually {
            guard let after = window.trace.graphNodes["level"] else { return false }
            return abs(after.y - before.y - 150) < 3 && abs(after.x - before.x) < 3
        }, "\(String(describing: window.trace.graphNodes["level"]))")
    }
}

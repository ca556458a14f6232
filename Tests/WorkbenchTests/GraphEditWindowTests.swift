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

    /// Types `text` into the field that has the keyboard, then Enter.
    func type(_ text: String, in window: LiveWindow) throws {
        Thread.sleep(forTimeInterval: 0.5)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60", text])
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "Return"])
    }

    @Test("A adds a library filter after the node shown, one line in the file, and shows it: red through the sepia matrix")
    func addFilter() throws {
        let window = try openGraph()
        try click("reds", in: window)
        try window.pressAndWait("a")
        try type("sepia", in: window)
        let added = Self.composition.replacingOccurrences(
            of: "  reds: { kind: shader, file: red.fsh }\n",
            with: "  reds: { kind: shader, file: red.fsh }\n  sepia: { kind: shader, filter: sepia, inputs: { inputImageTexture: reds } }\n")
        #expect(eventually { (try? text(window)) == added }, "stderr: \(window.app.error)")
        #expect(eventually { window.trace.graphNodes.count == 5 })
        try window.pressAndWait("n")
        // sepia.fsh's matrix times (1, 0, 0) is its first column, (0.3588, 0.2990, 0.2392), at full intensity.
        #expect(try window.waitForCentre((r: 91, g: 76, b: 61)), "shown: \(String(describing: try? window.centre()))")
        try window.pressAndWait("ctrl+z")
        #expect(eventually { (try? text(window)) == Self.composition }, "undo did not take the filter out")
    }

    @Test("A adds a node of a kind by name: a shader gets a new file beside the composition, drawing its coordinates, which Ctrl-Z takes out and Ctrl-Shift-Z puts back; a misspelt kind is refused")
    func addKind() throws {
        let window = try openGraph()
        try window.pressAndWait("a")
        try type("shader", in: window)
        let added = Self.composition.replacingOccurrences(
            of: "uniforms: { amount: level } }\n", with: "uniforms: { amount: level } }\n  shader: { kind: shader, file: shader.frag }\n")
        #expect(eventually { (try? text(window)) == added }, "stderr: \(window.app.error)")
        let shader = window.folder.file("compositions/shader.frag")
        #expect(FileManager.default.fileExists(atPath: shader))
        #expect(eventually { window.trace.graphNodes.count == 5 })
        try window.pressAndWait("n")
        // The new shader's colour is (u, v, 0.5): a half of full in the middle of its image.
        #expect(try window.waitForCentre((r: 128, g: 128, b: 128)), "shown: \(String(describing: try? window.centre()))")
        try window.pressAndWait("n")
        // Undone, the addition takes its starter file with it; redone, both come back.
        let starter = try String(contentsOfFile: shader, encoding: .utf8)
        try window.pressAndWait("ctrl+z")
        #expect(eventually { (try? text(window)) == Self.composition && !FileManager.default.fileExists(atPath: shader) }, "stderr: \(window.app.error)")
        try window.pressAndWait("ctrl+shift+z")
        #expect(eventually { (try? text(window)) == added && (try? String(contentsOfFile: shader, encoding: .utf8)) == starter })
        try window.pressAndWait("a")
        try type("imag", in: window)
        #expect(eventually { window.count(of: "graph-edit-refused") == 1 }, "stderr: \(window.app.error)")
        #expect(try text(window) == added, "an image with no file was written")
    }

    @Test("a JSON composition edited from the window stays JSON: a rename and an added node written quoted")
    func json() throws {
        let json = """
            {
              "composition": 1,
              "size": [320, 180],
              "nodes": {
                "reds": { "kind": "shader", "file": "red.fsh" },
                "level": { "kind": "constant", "value": 0.25 },
                "blues": { "kind": "shader", "file": "blue.fsh", "uniforms": { "amount": "level" } }
              },
              "output": "blues"
            }

            """
        let window = try LiveWindow(composition: json, compositionFile: "fill.json") { folder in
            try folder.write("compositions/red.fsh", LiveWindow.shader(red: 1, green: 0, blue: 0))
            try folder.write("compositions/blue.fsh", Self.shader("0.0, 0.0, 1.0"))
        }
        #expect(try window.waitForCentre(blue), "stderr: \(window.app.error)")
        try window.pressAndWait("n")
        #expect(eventually { window.trace.graphNodes.count == 3 })
        try click("level", in: window)
        try window.pressAndWait("m")
        Thread.sleep(forTimeInterval: 0.5)
        _ = try window.display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "--delay", "60",
                                        "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace"])
        try type("dim", in: window)
        let renamed = json.replacingOccurrences(of: "\"level\": {", with: "\"dim\": {").replacingOccurrences(of: "\"amount\": \"level\"", with: "\"amount\": \"dim\"")
        #expect(eventually { (try? text(window)) == renamed }, "stderr: \(window.app.error)")
        #expect(eventually { window.trace.graphNodes["dim"] != nil })
        try window.pressAndWait("a")
        try type("lfo rate=2", in: window)
        let added = renamed.replacingOccurrences(of: "\"amount\": \"dim\" } }\n",
                                                 with: "\"amount\": \"dim\" } },\n    \"lfo\": { \"kind\": \"lfo\", \"rate\": 2 }\n")
        #expect(eventually { (try? text(window)) == added }, "stderr: \(window.app.error)")
        #expect((try? JSONSerialization.jsonObject(with: Data(try text(window).utf8))) != nil)
    }

    @Test("a shader saved broken marks its box red with its error, in the trace and on the screen; fixed, the mark goes")
    func errorMark() throws {
        let window = try openGraph()
        func reddish(_ colour: (r: UInt8, g: UInt8, b: UInt8)) -> Bool {
            Double(colour.r) > 90 && Double(colour.r) > 1.6 * Double(colour.g) && Double(colour.r) > 1.6 * Double(colour.b)
        }
        func leftEdge() throws -> [(r: UInt8, g: UInt8, b: UInt8)] {
            let box = try #require(window.trace.graphNodes["greens"])
            return try (-1...1).map { try window.colour(x: Int(box.x) + $0, y: Int(box.y + box.height / 2)) }
        }
        let sound = try leftEdge()
        #expect(!sound.contains(where: reddish), "a sound box is outlined red: \(sound)")
        try "void main() { gl_FragColor = vec4(1.0) }\n".write(toFile: window.folder.file("compositions/green.fsh"), atomically: true, encoding: .utf8)
        #expect(eventually { window.trace.graphProblems["greens"]?.hasPrefix("SB") == true }, "\(window.trace.graphProblems)")
        // Red (1, 0.42, 0.38), blended by the outline's smoothing into the dark backdrop: red at least 1.6 times green and blue.
        #expect(try eventually { try leftEdge().contains(where: reddish) }, "the box's left edge: \(String(describing: try? leftEdge()))")
        try Self.shader("0.0, 1.0, 0.0").write(toFile: window.folder.file("compositions/green.fsh"), atomically: true, encoding: .utf8)
        #expect(eventually { window.trace.graphProblems["greens"] == "" }, "\(window.trace.graphProblems)")
    }

    @Test("a wire let go over a box lists the inputs nothing sets; choosing one wires it there, one line of the file")
    func wireIntoUnsetUniform() throws {
        let composition = """
            composition: 1
            size: [320, 180]
            nodes:
              level: { kind: constant, value: 1.0 }
              tint: { kind: shader, file: tint.fsh }
            output: tint

            """
        let window = try LiveWindow(composition: composition) { folder in
            try folder.write("compositions/tint.fsh", """
                precision mediump float;
                uniform float red;
                uniform float blue;
                void main() { gl_FragColor = vec4(red, 0.0, blue, 1.0); }
                """)
        }
        #expect(try window.waitForCentre((r: 0, g: 0, b: 0)), "stderr: \(window.app.error)")
        try window.pressAndWait("n")
        #expect(eventually { window.trace.graphNodes.count == 2 })
        let level = try sockets(of: "level", in: window)
        let tint = try #require(window.trace.graphNodes["tint"])
        try drag(window, from: level.output, to: (Int(tint.x + tint.width / 2), Int(tint.y + 10)))
        #expect(eventually { window.count(of: "graph-input-offered") >= 2 }, "stderr: \(window.app.error)")
        Thread.sleep(forTimeInterval: 0.4)
        let offered = window.trace.events.filter { $0.name == "graph-input-offered" }
        #expect(Set(offered.compactMap { $0.fields["input"] as? String }) == ["red", "blue"])
        let blue = try #require(offered.last { $0.fields["input"] as? String == "blue" })
        let x = try #require(blue.fields["x"] as? Double), y = try #require(blue.fields["y"] as? Double)
        let height = try #require(blue.fields["height"] as? Double)
        try window.pointer(["mousemove", "\(Int(x) + 10)", "\(Int(y + height / 2))", "sleep", "0.2", "click", "1"])
        let wired = composition.replacingOccurrences(of: "  tint: { kind: shader, file: tint.fsh }", with: "  tint: { kind: shader, file: tint.fsh, uniforms: { blue: level } }")
        #expect(eventually { (try? text(window)) == wired }, "stderr: \(window.app.error)")
        try window.pressAndWait("n")
        #expect(try window.waitForCentre((r: 0, g: 0, b: 255)), "shown: \(String(describing: try? window.centre()))")
    }

    @Test("a value wire shows the number it carries over it, and the new number after a save")
    func numberOnTheWire() throws {
        let window = try openGraph()
        func shown() -> String? {
            window.trace.events.last { $0.name == "graph-wire-value" && $0.fields["input"] as? String == "blues.amount" }?.fields["text"] as? String
        }
        #expect(eventually { shown() == "0.25" }, "\(String(describing: shown())), stderr: \(window.app.error)")
        try Self.composition.replacingOccurrences(of: "value: 0.25", with: "value: 0.75")
            .write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(eventually { shown() == "0.75" }, "\(String(describing: shown())), stderr: \(window.app.error)")
    }
}

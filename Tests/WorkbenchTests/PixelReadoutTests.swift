import Foundation
import TestSupport
import Testing

/// The pixel readout (I) in the real window under Xvfb: values under the pointer and at a pinned pixel, read from
/// the node's own image, through reloads and across the grid's nodes of other sizes.
@Suite("The pixel readout", .serialized)
struct PixelReadoutTests {
    /// Its texture coordinate in red and green: every pixel says where it is.
    static let gradient = """
        varying highp vec2 textureCoordinate;
        void main() { gl_FragColor = vec4(textureCoordinate, 0.25, 1.0); }
        """
    static let copy = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
        """
    /// 64×36 in the 1280×720 window: each image pixel is 20 screen pixels square, from the window's corner.
    static let composition = """
        composition: 1
        size: [64, 36]
        nodes:
          grad: { kind: shader, file: grad.fsh }
          half: { kind: shader, file: copy.fsh, size: [32, 18], inputs: { inputImageTexture: grad } }
        output: grad
        """

    func readings(_ window: LiveWindow, _ event: String, node: String) -> [(x: Int, y: Int, rgba: [Double])] {
        window.trace.events.filter { $0.name == event && $0.fields["node"] as? String == node }.compactMap { event in
            guard let x = event.fields["x"] as? Int, let y = event.fields["y"] as? Int, let rgba = event.fields["rgba"] as? [Double] else { return nil }
            return (x, y, rgba)
        }
    }

    func near(_ a: [Double], _ b: [Double], within tolerance: Double = 1.5 / 255) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("under the pointer, the node's own pixel and value; a click pins one, which a reload keeps and the grid maps to every node")
    func readoutAndPin() throws {
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/grad.fsh", Self.gradient)
            try folder.write("compositions/copy.fsh", Self.copy)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pressAndWait("i")
        try window.pointer(["mousemove", "210", "110"])
        #expect(eventually { readings(window, "pixel-readout", node: "grad").last.map { $0.x == 10 && $0.y == 5 } ?? false },
                "\(readings(window, "pixel-readout", node: "grad"))")
        let hovered = try #require(readings(window, "pixel-readout", node: "grad").last)
        #expect(near(hovered.rgba, [10.5 / 64, 5.5 / 36, 0.25, 1]), "\(hovered.rgba)")

        try window.pointer(["mousemove", "810", "410", "sleep", "0.2", "click", "1"])
        #expect(eventually { readings(window, "pixel-pinned", node: "grad").last.map { $0.x == 40 && $0.y == 20 } ?? false },
                "\(readings(window, "pixel-pinned", node: "grad"))")

        // A save that changes blue: the pin stays where it was, and reads the new value.
        let swaps = window.swapCount
        try Self.gradient.replacingOccurrences(of: "0.25", with: "0.75")
            .write(toFile: window.folder.file("compositions/grad.fsh"), atomically: true, encoding: .utf8)
        #expect(eventually { window.swapCount > swaps })
        #expect(eventually {
            readings(window, "pixel-pinned", node: "grad").last.map { $0.x == 40 && $0.y == 20 && near($0.rgba, [40.5 / 64, 20.5 / 36, 0.75, 1]) } ?? false
        }, "\(readings(window, "pixel-pinned", node: "grad"))")

        try window.pressAndWait("g")
        // The half-size node holds the pinned place at its own pixel (20, 10), where its copy of the gradient is.
        #expect(eventually { readings(window, "grid-value", node: "half").last.map { $0.x == 20 && $0.y == 10 } ?? false },
                "\(readings(window, "grid-value", node: "half"))")
        let half = try #require(readings(window, "grid-value", node: "half").last)
        #expect(near(half.rgba, [20.5 / 32, 10.5 / 18, 0.75, 1], within: 3 / 255), "\(half.rgba)")
        #expect(readings(window, "grid-value", node: "grad").last.map { $0.x == 40 && $0.y == 20 } ?? false)
    }

    @Test("turned on with the pointer already resting on the image, the readout reads the pixel under it before it moves")
    func pointerAlreadyOnTheImage() throws {
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/grad.fsh", Self.gradient)
            try folder.write("compositions/copy.fsh", Self.copy)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        // Screen pixel (210, 110) is image pixel (10, 5), 20 screen pixels to one; the pointer rests there.
        try window.pointer(["mousemove", "210", "110", "sleep", "0.5"])
        try window.pressAndWait("i")
        #expect(eventually { readings(window, "pixel-readout", node: "grad").last.map { $0.x == 10 && $0.y == 5 } ?? false },
                "\(readings(window, "pixel-readout", node: "grad"))")
    }

    @Test("with the readout off, the window reads nothing back for it")
    func offReadsNothing() throws {
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/grad.fsh", Self.gradient)
            try folder.write("compositions/copy.fsh", Self.copy)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pointer(["mousemove", "210", "110", "sleep", "0.3", "mousemove", "810", "410", "sleep", "0.2", "click", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        #expect(window.count(of: "pixel-readout") == 0 && window.count(of: "pixel-pinned") == 0)
    }

    @Test("a shader's // watch: comments are read at the pixel under the pointer, follow their lines through a save, and one that does not compile is said while the image runs on")
    func watchesInTheWindow() throws {
        let watched = """
            varying highp vec2 textureCoordinate;
            void main() {
                highp vec2 uv = textureCoordinate * 2.0; // watch: uv
                highp float sum = 0.0;
                for (int i = 0; i < 3; i++) {
                    sum += uv.x; // watch: sum
                }
                gl_FragColor = vec4(textureCoordinate, 0.25, 1.0); // watch: nosuch
            }
            """
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/grad.fsh", watched)
            try folder.write("compositions/copy.fsh", Self.copy)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pressAndWait("i")
        try window.pointer(["mousemove", "210", "110"])
        // Pixel (10, 5) of 64×36: uv is twice its texture coordinate, and sum three times uv.x.
        let u = 2 * 10.5 / 64, v = 2 * 5.5 / 36
        func text(_ line: Int) -> String? {
            window.trace.events.last { $0.name == "watch-reading" && $0.fields["line"] as? Int == line && $0.fields["x"] as? Int == 10 }?
                .fields["text"] as? String
        }
        #expect(eventually { text(3) == "line 3: uv = vec2 \(String(format: "%.4f %.4f", u, v))  (ran 1×)" }, "\(text(3) ?? "none")")
        #expect(eventually { text(6) == "line 6: sum = float \(String(format: "%.4f", 3 * u))  (ran 3×)" }, "\(text(6) ?? "none")")
        #expect(eventually { text(8)?.hasPrefix("line 8: nosuch: cannot be read after line 8: ") ?? false }, "\(text(8) ?? "none")")
        #expect(try window.waitFor([(210, 110, (UInt8((10.5 / 64 * 255).rounded()), UInt8((5.5 / 36 * 255).rounded()), 64))]),
                "the image runs on beside a watch that does not compile")

        // A line added above moves the watches with their comments.
        let swaps = window.swapCount
        try ("// a comment line added at the top\n" + watched).write(toFile: window.folder.file("compositions/grad.fsh"), atomically: true, encoding: .utf8)
        #expect(eventually { window.swapCount > swaps })
        try window.pointer(["mousemove", "230", "110", "sleep", "0.3", "mousemove", "210", "110"])
        #expect(eventually { text(4) == "line 4: uv = vec2 \(String(format: "%.4f %.4f", u, v))  (ran 1×)" }, "\(text(4) ?? "none")")
    }

    @Test("the panel's list of lines to watch gives the trace a place only for the lines its region shows")
    func hiddenLinesHaveNoPlace() throws {
        // Thirty lines, in a region eight lines tall.
        let shader = "varying highp vec2 textureCoordinate;\nvoid main() {\n" + (3...29).map { "    highp float v\($0) = \(Double($0));\n" }.joined()
            + "    gl_FragColor = vec4(textureCoordinate, 0.25, 1.0);\n}\n"
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/grad.fsh", shader)
            try folder.write("compositions/copy.fsh", Self.copy)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pressAndWait("p")
        #expect(eventually { window.trace.control("grad", "watch", part: "line 1") != nil },
                "stderr: \(window.app.error) \(window.trace.events.filter { $0.name == "panel-control" }.map(\.fields))")
        Thread.sleep(forTimeInterval: 0.5)
        let placed = Set(window.trace.events.filter { $0.name == "panel-control" && $0.fields["uniform"] as? String == "watch" }
            .compactMap { ($0.fields["part"] as? String).flatMap { $0.hasPrefix("line ") ? Int($0.dropFirst(5)) : nil } })
        #expect(!placed.isEmpty && placed.allSatisfy { $0 <= 8 }, "lines past the region's eight were placed: \(placed.sorted())")
        #expect(window.trace.control("grad", "watch", part: "line 30") == nil)
    }

    @Test("a watch added in the panel on a picked line is read by the readout, one removed goes, and through saves one follows its line's text and one whose text is gone is dropped and said")
    func watchesAddedInThePanel() throws {
        let shader = """
            varying highp vec2 textureCoordinate;
            void main() {
                highp vec2 uv = textureCoordinate * 2.0;
                highp float sum = uv.x + uv.y;
                gl_FragColor = vec4(textureCoordinate, 0.25, 1.0);
            }
            """
        let window = try LiveWindow(composition: Self.composition) { folder in
            try folder.write("compositions/grad.fsh", shader)
            try folder.write("compositions/copy.fsh", Self.copy)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pressAndWait("p")
        let typing = ["search", "--name", "Shaderbench", "windowfocus", "--sync", "type", "--delay", "60"]
        func add(_ expression: String, onLine line: Int) throws {
            let row = try #require(eventually { window.trace.control("grad", "watch", part: "line \(line)") != nil } ? window.trace.control("grad", "watch", part: "line \(line)") : nil)
            let added = window.count(of: "watch-added")
            try window.pointer(["mousemove", "\(Int(row.x + row.width / 2))", "\(Int(row.y + row.height / 2))", "sleep", "0.2", "click", "1", "sleep", "0.3"])
            _ = try window.display.xdotool(typing + [expression])
            _ = try window.display.xdotool(["key", "Return"])
            #expect(eventually { window.count(of: "watch-added") > added }, "\(expression) was not added; stderr: \(window.app.error)")
            // The list of watches grew above the lines: wait for the panel to say where they are now.
            #expect(eventually { window.trace.control("grad", "watch", part: "remove \(line):\(expression)") != nil })
        }
        try add("uv.x * 4.0", onLine: 3)
        try add("sum", onLine: 4)
        // The `s` of `sum` typed before the field had the keyboard would have been S, a screenshot.
        #expect(!window.app.output.contains("screenshot"), "a typed letter was taken as a command: \(window.app.output)")
        // Adding turned the readout on: the pointer over the image reads both.
        func reading(_ line: Int) -> (x: Int, y: Int, text: String)? {
            guard let event = window.trace.events.last(where: { $0.name == "watch-reading" && $0.fields["line"] as? Int == line }),
                  let x = event.fields["x"] as? Int, let y = event.fields["y"] as? Int, let text = event.fields["text"] as? String else { return nil }
            return (x, y, text)
        }
        try window.pointer(["mousemove", "200", "300", "sleep", "0.3", "mousemove", "210", "300"])
        #expect(eventually { reading(3) != nil && reading(4) != nil }, "stderr: \(window.app.error)")
        if let first = reading(3) {
            #expect(first.text == "line 3: uv.x * 4.0 = float \(String(format: "%.4f", 2 * (Double(first.x) + 0.5) / 64 * 4))  (ran 1×)")
        }
        let removeSum = try #require(window.trace.control("grad", "watch", part: "remove 4:sum"))
        try window.pointer(["mousemove", "\(Int(removeSum.x + removeSum.width / 2))", "\(Int(removeSum.y + removeSum.height / 2))", "sleep", "0.2", "click", "1"])
        #expect(eventually { window.count(of: "watch-removed") == 1 })

        // A line added at the top: the watch follows its line's text to line 4.
        let file = window.folder.file("compositions/grad.fsh")
        let moved = "// a first line\n" + shader
        try moved.write(toFile: file, atomically: true, encoding: .utf8)
        try window.pointer(["sleep", "0.5", "mousemove", "200", "300", "sleep", "0.3", "mousemove", "220", "300"])
        #expect(eventually { reading(4)?.text.hasPrefix("line 4: uv.x * 4.0 = float ") ?? false }, "\(reading(4)?.text ?? "none")")
        // Its line changed: the watch is dropped and said, and the file is as the editor left it.
        let changed = moved.replacingOccurrences(of: "textureCoordinate * 2.0", with: "textureCoordinate * 3.0")
        try changed.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(eventually { window.count(of: "watch-dropped") == 1 })
        #expect(eventually { window.app.error.contains("grad.fsh:4: warning: watch 'uv.x * 4.0' dropped: no line reads 'highp vec2 uv = textureCoordinate * 2.0;' any more") },
                "\(window.app.error)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == changed)
    }

    @Test("W shows the shader's watches one after another over the whole image in false colour, with their range, then the node's own image; a node drawn fused with the one before it is drawn apart while watched")
    func watchInFalseColour() throws {
        let watched = """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() {
                highp vec4 below = texture2D(inputImageTexture, textureCoordinate);
                highp float ramp = textureCoordinate.x * 3.0; // watch: ramp
                gl_FragColor = vec4(textureCoordinate, 0.25, 1.0) + below * 0.0;
            }
            """
        // The watched shader reads the gradient only at its own pixel: the two are one program until watched.
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 36]
            nodes:
              base: { kind: shader, file: copy.fsh }
              grad: { kind: shader, file: grad.fsh, inputs: { inputImageTexture: base } }
            output: grad
            """) { folder in
            try folder.write("compositions/grad.fsh", watched)
            try folder.write("compositions/copy.fsh", Self.gradient)
        }
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pressAndWait("w")
        // 64 pixels across: ramp runs from 3 × 0.5/64 to 3 × 63.5/64.
        let caption = "watch line 5: ramp (float) from \(String(format: "%.4f", 3 * 0.5 / 64)) to \(String(format: "%.4f", 3 * 63.5 / 64)); W for the next"
        #expect(eventually { window.trace.events.last { $0.name == "watch-shown" }?.fields["text"] as? String == caption },
                "\(window.trace.events.filter { $0.name == "watch-shown" }.map(\.fields)) stderr: \(window.app.error)")
        // The ramp's ends: dark blue at the left, yellow at the right; the node's own red and green nowhere.
        #expect(try window.waitFor([(10, 360, (18, 13, 89)), (1270, 360, (255, 230, 26))]))
        try window.pressAndWait("w")
        #expect(try window.waitFor([(1270, 370, (UInt8((63.5 / 64 * 255).rounded()), UInt8((18.5 / 36 * 255).rounded()), 64))]),
                "back to the node's own image")
    }
}

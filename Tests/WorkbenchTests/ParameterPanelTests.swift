import Foundation
import Images
import TestSupport
import Testing

/// The parameter panel in the real window under Xvfb: controls driven with xdotool at the places the trace
/// gives for them, the image read back from the screen.
@Suite("The parameter panel", .serialized)
struct ParameterPanelTests {
    /// A grey of `level`, tinted, inverted while `flip` holds: every parameter shows in every pixel.
    static let look = """
        precision mediump float;
        uniform float level;    // default: 0.5, range: 0...1
        uniform bool flip;
        uniform vec3 tint;      // default: [1, 1, 1]
        void main() {
            vec3 colour = vec3(level) * tint;
            gl_FragColor = vec4(flip ? 1.0 - colour : colour, 1.0);
        }
        """

    /// 16:9, so with the panel open or not the image covers (300, 360).
    static let composition = """
        composition: 1
        size: [320, 180]
        nodes:
          # one pass, tuned live
          look: { kind: shader, file: look.fsh, uniforms: { level: 0.25 } }   # starts dark
        output: look
        publish: [look.level, look.flip, look.tint]
        """

    static let image = (x: 300, y: 360)

    /// A window on the composition with its panel open.
    func openWindow(composition: String = Self.composition, shaders: [String: String] = ["look.fsh": Self.look]) throws -> LiveWindow {
        let window = try LiveWindow(composition: composition) { folder in
            for (name, text) in shaders { try folder.write("compositions/\(name)", text) }
        }
        #expect(eventually { window.count(of: "frame-presented") > 0 }, "stderr: \(window.app.error)")
        try window.pressAndWait("p")
        #expect(eventually { window.trace.events.contains { $0.name == "panel-control" } }, "the panel did not open")
        return window
    }

    func grey(_ level: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8(level), UInt8(level), UInt8(level))
    }

    /// Drags the pointer along a row with the button held, in steps the window sees one by one.
    func drag(_ window: LiveWindow, from start: Int, to end: Int, y: Int) throws {
        let middle = (start + end) / 2
        try window.pointer(["mousemove", "\(start)", "\(y)", "mousedown", "1", "sleep", "0.3", "mousemove", "\(middle)", "\(y)",
                            "sleep", "0.3", "mousemove", "\(end)", "\(y)", "sleep", "0.3", "mouseup", "1"])
    }

    func click(_ window: LiveWindow, x: Int, y: Int) throws {
        try window.pointer(["mousemove", "\(x)", "\(y)", "sleep", "0.2", "click", "1"])
    }

    /// Drags the level slider from its first quarter to its third; the value it ended at.
    func dragLevel(_ window: LiveWindow) throws -> Double {
        let slider = try #require(window.control("look", "level"))
        let before = window.trace.parameterValues("look", "level").count
        try drag(window, from: Int(slider.x + slider.width / 4), to: Int(slider.x + slider.width * 3 / 4), y: Int(slider.y + slider.height / 2))
        #expect(eventually { window.trace.parameterValues("look", "level").count > before })
        Thread.sleep(forTimeInterval: 0.3)
        return try #require(window.trace.parameterValues("look", "level").last?.first)
    }

    @Test("dragging a slider changes the image as the parameter does, with nothing compiled")
    func slider() throws {
        let window = try openWindow()
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        let compiles = window.count(of: "compile-start")
        let level = try dragLevel(window)
        #expect(level > 0.6 && level < 0.9, "the slider's third quarter, found \(level)")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(Int((level * 255).rounded())))]), "level \(level)")
        #expect(window.count(of: "compile-start") == compiles)
    }

    @Test("a slider of a node drawn inside a fused pass changes the image with nothing compiled")
    func sliderInFusedPass() throws {
        // `look` and a pass-through after it are one program: only `after` is compiled.
        let passThrough = """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
            """
        let composition = Self.composition.replacingOccurrences(of: "output: look", with: """
              after: { kind: shader, file: after.fsh, inputs: { inputImageTexture: look } }
            output: after
            """)
        let window = try openWindow(composition: composition,
                                    shaders: ["look.fsh": "varying highp vec2 textureCoordinate;\n" + Self.look, "after.fsh": passThrough])
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        let compiled = window.trace.events.filter { $0.name == "compile-start" }.compactMap { $0.fields["node"] as? String }
        #expect(compiled == ["after"], "\(compiled)")
        let compiles = window.count(of: "compile-start")
        let level = try dragLevel(window)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(Int((level * 255).rounded())))]), "level \(level)")
        #expect(window.count(of: "compile-start") == compiles)
    }

    @Test("the checkbox flips a bool")
    func checkbox() throws {
        let window = try openWindow()
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        let box = try #require(window.control("look", "flip"))
        try click(window, x: Int(box.x + box.height / 2), y: Int(box.y + box.height / 2))
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(191))]))
        #expect(window.trace.parameterValues("look", "flip").last == [1])
    }

    @Test("the colour picker sets a vec3: its square's top-left corner is near white")
    func colourPicker() throws {
        let window = try openWindow(composition: Self.composition.replacingOccurrences(of: "{ level: 0.25 }", with: "{ level: 1, tint: [0.5, 0.25, 0.25] }"))
        #expect(try window.waitFor([(Self.image.x, Self.image.y, (128, 64, 64))]))
        let swatch = try #require(window.control("look", "tint", part: "swatch"))
        try click(window, x: Int(swatch.x + swatch.width / 2), y: Int(swatch.y + swatch.height / 2))
        #expect(eventually { window.trace.control("look", "tint", part: "picker") != nil }, "the picker did not open")
        Thread.sleep(forTimeInterval: 0.3)
        let picker = try #require(window.control("look", "tint", part: "picker"))
        try click(window, x: Int(picker.x) + 2, y: Int(picker.y) + 2)
        #expect(eventually { window.trace.parameterValues("look", "tint").last.map { $0.allSatisfy { $0 > 0.95 } } ?? false })
        let tint = try #require(window.trace.parameterValues("look", "tint").last)
        try #require(tint.count == 3)
        let shown = tint.map { UInt8(($0 * 255).rounded()) }
        #expect(try window.waitFor([(Self.image.x, Self.image.y, (shown[0], shown[1], shown[2]))]), "tint \(tint)")
    }

    @Test("a number past a float's range typed into a slider's field (Ctrl-click) is refused with one warning, and the parameter keeps the last finite value")
    func refusesNonFiniteText() throws {
        let window = try openWindow()
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        let slider = try #require(window.control("look", "level"))
        func type(_ text: String) throws {
            try window.pointer(["mousemove", "\(Int(slider.x + slider.width / 2))", "\(Int(slider.y + slider.height / 2))", "sleep", "0.2",
                                "keydown", "ctrl", "click", "1", "keyup", "ctrl", "sleep", "0.3", "type", "--delay", "100", text, "sleep", "0.3"])
            try window.press("Return")
        }
        // The field takes only digits, signs, points and exponents, and applies the number as it is typed ("1",
        // "1e3"); one past a float's range ("1e39", "1e40") is an infinity.
        try type("1e39")
        #expect(eventually { window.app.error.contains("look.level: inf") }, "stderr: \(window.app.error)")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(255))]), "1000 from \"1e3\", clamped by the shader's output")
        let taken = window.trace.parameterValues("look", "level")
        #expect(taken.last == [1000] && taken.allSatisfy { $0.allSatisfy(\.isFinite) }, "only finite values were taken: \(taken)")
        // The slider still works after the refusal.
        let level = try dragLevel(window)
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(Int((level * 255).rounded())))]), "level \(level)")
        let error = window.app.error
        #expect(error.components(separatedBy: "warning: look.level: inf is not a number a parameter can take (only finite numbers are) [SB4201]\n").count == 2,
                "said once: \(error)")
    }

    @Test("Ctrl-Z takes a change back and Ctrl-Shift-Z makes it again")
    func undoRedo() throws {
        let window = try openWindow()
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        let level = try dragLevel(window)
        let tuned = grey(Int((level * 255).rounded()))
        #expect(try window.waitFor([(Self.image.x, Self.image.y, tuned)]))
        try window.pressAndWait("ctrl+z")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        #expect(window.trace.parameterValues("look", "level").last == [0.25])
        try window.pressAndWait("ctrl+shift+z")
        #expect(try window.waitFor([(Self.image.x, Self.image.y, tuned)]))
    }

    @Test("Ctrl-S changes only the tuned values' bytes of the file, does not reload it, and a fresh render matches the window")
    func save() throws {
        let window = try openWindow()
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        let level = try dragLevel(window)
        let box = try #require(window.control("look", "flip"))
        try click(window, x: Int(box.x + box.height / 2), y: Int(box.y + box.height / 2))
        #expect(eventually { window.trace.parameterValues("look", "flip").last == [1] })
        let changes = window.count(of: "file-changed")
        try window.pressAndWait("ctrl+s")
        #expect(eventually { window.count(of: "parameters-saved") == 1 }, "stderr: \(window.app.error)")
        let saved = try String(contentsOfFile: window.compositionPath, encoding: .utf8)
        #expect(saved == Self.composition.replacingOccurrences(of: "{ level: 0.25 }", with: "{ level: \(Float(level)), flip: true }"))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(window.count(of: "file-changed") == changes, "the window reloaded its own save")

        let shown = try window.colour(x: Self.image.x, y: Self.image.y)
        let render = try runShaderbench(["render", window.compositionPath, "--frames", "1", "--out", window.folder.file("saved.png")],
                                        in: window.folder.path)
        #expect(render.status == 0, "\(render.error)")
        let rendered = try ImageFile.read(path: window.folder.file("saved.png"))[160, 90]
        #expect(abs(Int(rendered.r) - Int(shown.r)) <= 2 && abs(Int(rendered.g) - Int(shown.g)) <= 2, "render \(rendered), window \(shown)")
        #expect(abs(Int(shown.r) - (255 - Int((level * 255).rounded()))) <= 2)
    }

    @Test("Ctrl-S on a shader opened on its own writes a composition beside it that uses the shader with the tuned values")
    func saveLoneShader() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("look.fsh", Self.look)
        let trace = folder.file("trace.jsonl")
        let window = try WindowProcess([shader, "--trace", trace], directory: folder.path)
        let (display, app) = (window.display, window.app)
        #expect(eventually(timeout: 30) { WindowTrace(path: trace).frames.count > 0 }, "stderr: \(app.error)")
        try display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "p"])
        #expect(eventually { WindowTrace(path: trace).control("look", "level") != nil })
        let slider = try #require(WindowTrace(path: trace).control("look", "level"))
        let y = "\(Int(slider.y + slider.height / 2))"
        try display.xdotool(["mousemove", "\(Int(slider.x + slider.width / 2))", y, "mousedown", "1", "sleep", "0.3",
                             "mousemove", "\(Int(slider.x + slider.width / 8))", y, "sleep", "0.3", "mouseup", "1"])
        #expect(eventually { WindowTrace(path: trace).parameterValues("look", "level").last.map { $0[0] < 0.3 } ?? false })
        Thread.sleep(forTimeInterval: 0.3)
        let level = try #require(WindowTrace(path: trace).parameterValues("look", "level").last?.first)
        try display.xdotool(["search", "--name", "Shaderbench", "windowfocus", "--sync", "key", "ctrl+s"])
        let saved = folder.file("look.yaml")
        #expect(eventually { FileManager.default.fileExists(atPath: saved) }, "stderr: \(app.error)")
        let render = try runShaderbench(["render", saved, "--frames", "1", "--out", folder.file("saved.png")], in: folder.path)
        #expect(render.status == 0, "\(render.error)")
        let rendered = try ImageFile.read(path: folder.file("saved.png"))[160, 90]
        #expect(abs(Int(rendered.r) - Int((level * 255).rounded())) <= 2, "level \(level), rendered \(rendered)")
        #expect(try !display.xdotool(["search", "--name", "look.yaml"]).isEmpty, "the window works on the saved composition")
    }

    @Test("a vec2 is a point on the image: dragging its ring moves it")
    func dragPoint() throws {
        let spot = """
            precision mediump float;
            varying highp vec2 textureCoordinate;
            uniform vec2 centre;   // default: [0.5, 0.5], range: 0...1
            void main() { gl_FragColor = vec4(vec3(distance(textureCoordinate, centre) < 0.1 ? 1.0 : 0.0), 1.0); }
            """
        let window = try openWindow(composition: """
            size: [320, 180]
            nodes:
              spot: { kind: shader, file: spot.fsh }
            publish: [spot.centre]
            """, shaders: ["spot.fsh": spot])
        // With the panel open the image is 940 pixels wide, from 0, and 528.75 high about the middle: its centre is
        // at (470, 360) and a quarter across at 235. Pixels are read 30 above, clear of the ring.
        #expect(try window.waitFor([(470, 330, (255, 255, 255)), (235, 330, black)]), "stderr: \(window.app.error)")
        try drag(window, from: 470, to: 235, y: 360)
        #expect(eventually { window.trace.parameterValues("spot", "centre").last.map { abs($0[0] - 0.25) < 0.01 && abs($0[1] - 0.5) < 0.01 } ?? false },
                "\(window.trace.parameterValues("spot", "centre"))")
        #expect(try window.waitFor([(235, 330, (255, 255, 255)), (470, 330, black)]))
    }

    @Test("tuned values survive a reload of the shader")
    func survivesReload() throws {
        let window = try openWindow()
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        let level = try dragLevel(window)
        let swaps = window.swapCount
        // The same shader with its red and blue swapped: its greys are unchanged, so the tuned level shows as before.
        try Self.look.replacingOccurrences(of: "vec4(flip ? 1.0 - colour : colour, 1.0)", with: "vec4((flip ? 1.0 - colour : colour).bgr, 1.0)")
            .write(toFile: window.folder.file("compositions/look.fsh"), atomically: true, encoding: .utf8)
        #expect(eventually { window.swapCount > swaps })
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(Int((level * 255).rounded())))]))
    }

    @Test("with the panel open and nothing changing, the window draws no frames")
    func idleWithPanel() throws {
        let window = try openWindow()
        #expect(try window.waitFor([(Self.image.x, Self.image.y, grey(64))]))
        Thread.sleep(forTimeInterval: 0.5)
        let frames = window.count(of: "frame-presented")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(window.count(of: "frame-presented") == frames)
    }
}

import Foundation
import Images
import TestSupport
import Testing

/// Keys, idling and what a reload keeps, in the real window under Xvfb.
@Suite("The window's keys and reload economy", .serialized)
struct WindowBehaviourTests {
    /// A moving pattern through a pass-through shader: frames keep coming until paused.
    static let animated = """
        composition: 1
        size: [320, 180]
        nodes:
          source: { kind: pattern }
          fill: { kind: shader, file: ./copy.fsh, inputs: { inputImageTexture: source } }
        """

    static let copy = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
        """

    @Test("Space pauses the clock, and pressing it again resumes it")
    func pause() throws {
        // The shader appears after the window opens: the composition loads as soon as it exists.
        let window = try LiveWindow(composition: Self.animated)
        try Self.copy.write(toFile: window.folder.file("compositions/copy.fsh"), atomically: true, encoding: .utf8)
        #expect(eventually { window.count(of: "program-swapped") > 0 })
        #expect(eventually { window.count(of: "frame-presented") > 5 })
        try window.press("space")
        // Paused once the key is handled and the frame that shows "paused" is out.
        #expect(eventually { window.count(of: "key") == 1 })
        #expect(eventually {
            let frames = window.count(of: "frame-presented")
            Thread.sleep(forTimeInterval: 0.3)
            return window.count(of: "frame-presented") == frames
        })
        let frames = window.count(of: "frame-presented")
        let paused = try window.display.screenshot()
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try window.display.screenshot() == paused)
        #expect(window.count(of: "frame-presented") == frames)
        try window.press("space")
        #expect(eventually { window.count(of: "frame-presented") > frames + 3 })
        #expect(eventually { (try? window.display.screenshot()) != paused })
    }

    @Test("S saves the image shown and says where")
    func screenshot() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try window.press("s")
        let expected = window.folder.file("shaderbench-screenshots/fill-1.png")
        #expect(eventually { window.app.output.contains("screenshot: shaderbench-screenshots/fill-1.png") })
        let image = try ImageFile.read(path: expected)
        #expect(image.width == 64 && image.height == 64)
        #expect(image[10, 10].r == 255 && image[10, 10].g == 0)
    }

    @Test("Tab shows the other nodes in turn, then the output again")
    func cycleNodes() throws {
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 64]
            nodes:
              fill: { kind: shader, file: ./fill.fsh }
              swap: { kind: shader, file: ./swap.fsh, inputs: { inputImageTexture: fill } }
            output: swap
            """) { folder in
            try folder.write("compositions/swap.fsh", """
                varying highp vec2 textureCoordinate;
                uniform sampler2D inputImageTexture;
                void main() { gl_FragColor = vec4(texture2D(inputImageTexture, textureCoordinate).bgr, 1.0); }
                """)
        }
        #expect(try window.waitForCentre(blue), "stderr: \(window.app.error)")
        try window.press("Tab")
        #expect(try window.waitForCentre(red))
        try window.press("Tab")
        #expect(try window.waitForCentre(blue))
    }

    @Test("H shows the key help over the middle, and hides it again")
    func help() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try window.press("h")
        #expect(eventually { (try? window.centre()).map { $0 != red } ?? false })
        try window.press("h")
        #expect(try window.waitForCentre(red))
    }

    @Test("a resized window shows the image whole, its aspect kept, with bars beside it")
    func resize() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        // 400×200 fits the square as 200×200 in the middle: columns 100 to 299.
        try window.display.xdotool(["search", "--name", "Shaderbench", "windowsize", "400", "200"])
        #expect(try window.waitFor([(200, 150, red), (102, 150, red), (297, 150, red), (97, 150, bar), (302, 150, bar)]),
                "stderr: \(window.app.error)")
    }

    @Test("F fills the screen, and F again gives the window its size back")
    func fullscreen() throws {
        let window = try LiveWindow()
        // In the 1280×720 window the square spans columns 280 to 999; on the 1280×800 screen, 240 to 1039.
        #expect(try window.waitFor([(640, 360, red), (260, 400, bar), (640, 760, black)]))
        try window.press("f")
        #expect(try window.waitFor([(260, 400, red), (1020, 400, red), (640, 790, red), (230, 400, bar)]),
                "stderr: \(window.app.error)")
        try window.press("f")
        #expect(try window.waitFor([(640, 360, red), (260, 400, bar), (640, 760, black)]))
    }

    @Test("a composition dropped onto the window opens, and its files are watched from then on")
    func dropOpens() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try window.writeShader("dropped folder/other.fsh", red: 0, green: 1, blue: 0)
        let dropped = try window.folder.write("dropped folder/dropped.yaml",
                                              LiveWindow.composition(shaderFolder: ".").replacingOccurrences(of: "fill.fsh", with: "other.fsh"))
        let identifier = try #require(UInt(window.display.xdotool(["search", "--name", "Shaderbench"])
            .split(separator: "\n").first ?? ""))
        try FileDrag.drop([dropped], on: identifier, at: 640, 360, display: window.display.name)
        #expect(try window.waitForCentre(green), "stderr: \(window.app.error)")
        #expect(try window.display.xdotool(["search", "--name", "dropped.yaml"]).isEmpty == false)
        try window.writeShader("dropped folder/other.fsh", red: 0, green: 0, blue: 1)
        #expect(try window.waitForCentre(blue))
    }

    @Test("with nothing moving and nothing saved, the window draws no frames")
    func idle() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        Thread.sleep(forTimeInterval: 0.5)
        let frames = window.count(of: "frame-presented")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(window.count(of: "frame-presented") == frames)
    }

    @Test("a composition edit that leaves a shader alone does not recompile it")
    func unchangedShaderIsNotRecompiled() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let compiles = window.count(of: "compile-start")
        try (LiveWindow.composition(shaderFolder: ".") + "\n# a comment changes the file, not the graph\n")
            .write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.count(of: "frame-presented") > 0 && window.app.isRunning })
        Thread.sleep(forTimeInterval: 1)
        #expect(window.count(of: "compile-start") == compiles)
        #expect(window.app.error.isEmpty)
    }

    @Test("a shader the composition starts using is watched from then on")
    func watchesFollowTheComposition() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try window.writeShader("elsewhere/other.fsh", red: 0, green: 1, blue: 0)
        try LiveWindow.composition(shaderFolder: "../elsewhere").replacingOccurrences(of: "fill.fsh", with: "other.fsh")
            .write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(green))
        try window.writeShader("elsewhere/other.fsh", red: 0, green: 0, blue: 1)
        #expect(try window.waitForCentre(blue))
    }

    @Test("a ShaderToy shader's iMouse follows the pointer while the button is held, in output pixels with y up, zw's signs as on the site")
    func shaderToyMouse() throws {
        let window = try LiveWindow(composition: """
            size: [1280, 720]
            nodes:
              toy: { kind: shader, file: fill.fsh }
            """)
        #expect(try window.waitForCentre(red))
        // The window now runs; the shader becomes a ShaderToy one by a save.
        try """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                // Held after the click's frame: z > 0, w < 0 (0.5); released: both negative (0.25).
                float state = iMouse.z > 0.0 ? (iMouse.w > 0.0 ? 1.0 : 0.5) : (iMouse.w < 0.0 ? 0.25 : 0.0);
                fragColor = vec4(iMouse.x / iResolution.x, iMouse.y / iResolution.y, state, 1.0);
            }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre((0, 0, 0)), "nothing pressed yet")
        try window.pointer(["mousemove", "320", "540", "mousedown", "1"])
        #expect(try window.waitForCentre((64, 64, 128)), "a quarter across, a quarter up from the bottom; held, so w is negative")
        try window.pointer(["mouseup", "1"])
        #expect(try window.waitForCentre((64, 64, 64)), "released: the press position is kept, negated")
    }

    @Test("a uniform nothing sets is said on the terminal at its declaration when a save brings it in")
    func unsetUniform() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try """
            precision mediump float;
            uniform float amount;
            void main() { gl_FragColor = vec4(amount, 0.0, 0.0, 1.0); }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre((0, 0, 0)), "it stays 0")
        #expect(eventually { window.app.error.contains("fill.fsh:2:15: warning: nothing sets uniform 'amount', so it stays 0") }, "\(window.app.error)")
    }

    @Test("a glslViewer shader's u_mouse follows the pointer with no button held, in output pixels with y up")
    func glslViewerMouse() throws {
        let window = try LiveWindow(composition: """
            size: [1280, 720]
            nodes:
              book: { kind: shader, file: fill.fsh }
            """)
        #expect(try window.waitForCentre(red))
        try """
            precision highp float;
            uniform vec2 u_mouse;
            uniform vec2 u_resolution;
            void main() { gl_FragColor = vec4(u_mouse / u_resolution, 0.0, 1.0); }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        try window.pointer(["mousemove", "320", "540"])
        #expect(try window.waitForCentre((64, 64, 0)), "a quarter across, a quarter up from the bottom")
        try window.pointer(["mousemove", "960", "180"])
        #expect(try window.waitForCentre((191, 191, 0)), "three quarters across and up, still without a button")
    }

    @Test("a GLSL Sandbox shader's mouse follows the pointer with no button held, as a fraction of the output from the bottom-left")
    func glslSandboxMouse() throws {
        let window = try LiveWindow(composition: """
            size: [1280, 720]
            nodes:
              sandbox: { kind: shader, file: fill.fsh }
            """)
        #expect(try window.waitForCentre(red))
        try """
            precision highp float;
            uniform vec2 resolution;
            uniform vec2 mouse;
            void main() { gl_FragColor = vec4(mouse, 0.0, 1.0); }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        try window.pointer(["mousemove", "320", "540"])
        #expect(try window.waitForCentre((64, 64, 0)), "a quarter across, a quarter up from the bottom")
    }
}

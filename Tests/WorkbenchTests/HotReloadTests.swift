import Foundation
import Images
import TestSupport
import Testing

/// The edit–save–see loop as a person lives it: a real window under Xvfb, a shader saved the way each
/// kind of editor saves, and the screen checked after every save.
@Suite("Hot reload in the window", .serialized)
struct HotReloadTests {
    @Test("the window opens on the composition and shows its output")
    func opens() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red), "stderr: \(window.app.error)")
    }

    @Test("a save written in place (truncate, then write) is shown")
    func inPlaceSave() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let handle = try #require(FileHandle(forWritingAtPath: window.shaderPath))
        try handle.truncate(atOffset: 0)
        let text = Array(LiveWindow.shader(red: 0, green: 1, blue: 0).utf8)
        try handle.write(contentsOf: Data(text.prefix(20)))
        Thread.sleep(forTimeInterval: 0.1)
        try handle.write(contentsOf: Data(text.dropFirst(20)))
        try handle.close()
        #expect(try window.waitForCentre(green))
    }

    @Test("a save to a temporary file renamed over the shader is shown")
    func renameSave() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let temporary = window.shaderPath + ".tmp.4242"
        try LiveWindow.shader(red: 0, green: 0, blue: 1).write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, window.shaderPath) == 0)
        #expect(try window.waitForCentre(blue))
    }

    @Test("a save that deletes and recreates the shader is shown")
    func deleteAndRecreate() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try FileManager.default.removeItem(atPath: window.shaderPath)
        Thread.sleep(forTimeInterval: 0.15)
        try LiveWindow.shader(red: 1, green: 1, blue: 0).write(toFile: window.shaderPath, atomically: false, encoding: .utf8)
        #expect(try window.waitForCentre(yellow))
    }

    @Test("sed -i, which renames over the file, is shown")
    func sedInPlace() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let sed = Process()
        sed.executableURL = URL(fileURLWithPath: "/bin/sed")
        sed.arguments = ["-i", "s/vec4(1.0, 0.0, 0.0, 1.0)/vec4(0.0, 1.0, 0.0, 1.0)/", window.shaderPath]
        try sed.run()
        sed.waitUntilExit()
        #expect(try window.waitForCentre(green))
    }

    @Test("a burst of saves shows the last one, swapped in once")
    func burst() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let before = window.swapCount
        // Saves closer together than the window's 3 ms of quiet are one save. On a loaded machine this process
        // can be held up between two of them for longer; each such gap may rightly show as a swap of its own.
        var saved: [ContinuousClock.Instant] = []
        for step in 0..<8 {
            try LiveWindow.shader(red: 0, green: Double(step) / 10, blue: 1).write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
            saved.append(.now)
        }
        try LiveWindow.shader(red: 0, green: 1, blue: 0).write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        saved.append(.now)
        let gaps = zip(saved, saved.dropFirst()).filter { $1 - $0 > .milliseconds(2) }.count
        #expect(try window.waitForCentre(green))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(window.swapCount > before && window.swapCount <= before + 1 + gaps, "\(window.swapCount - before) swaps after a burst with \(gaps) gaps")
    }

    @Test("a shader in another folder than the composition is watched too")
    func otherFolder() throws {
        let window = try LiveWindow(shaderFolder: "../shaders")
        #expect(try window.waitForCentre(red))
        try LiveWindow.shader(red: 0, green: 0, blue: 1).write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(blue))
    }

    @Test("a shader that disappears keeps the last good output, and is shown again when it comes back")
    func disappearsAndReturns() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try FileManager.default.removeItem(atPath: window.shaderPath)
        Thread.sleep(forTimeInterval: 0.8)
        #expect(try window.centre() == red)
        try LiveWindow.shader(red: 0, green: 1, blue: 0).write(toFile: window.shaderPath, atomically: false, encoding: .utf8)
        #expect(try window.waitForCentre(green))
    }

    @Test("a broken shader shows its error over the last good output, and a good save clears it")
    func brokenShader() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let clearPanel = try window.errorPanelArea()
        try """
            precision mediump float;
            void main() {
                gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0) * strength;
            }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.app.error.contains("\(window.shaderPath):3:47: error: ") })
        #expect(eventually { (try? window.errorPanelArea()).map { $0 != clearPanel } ?? false })
        #expect(try window.centre() == red)
        try LiveWindow.shader(red: 0, green: 0, blue: 1).write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(blue))
        #expect(eventually { (try? window.errorPanelArea()).map { $0 == (0, 0, 255) } ?? false })
    }

    @Test("a save with two errors shows both whole once the window settles, not the second cut at the window's bottom")
    func twoErrorsShownWhole() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        // One error first, so the overlay is up and fitted to one when the second comes.
        try """
            precision mediump float;
            void main() {
                gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0) * strength;
            }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.app.error.contains("\(window.shaderPath):3:") }, "stderr: \(window.app.error)")
        Thread.sleep(forTimeInterval: 1)
        try """
            precision mediump float;
            void main() {
                gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0) * strength;
                gl_FragColor += vec4(weakness);
            }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.app.error.contains("\(window.shaderPath):4:") }, "stderr: \(window.app.error)")
        // Idle from then on: the last frame drawn is what stays on the screen.
        Thread.sleep(forTimeInterval: 1)
        let shown = window.trace.events.filter { $0.name == "errors-shown" }.compactMap { $0.fields["whole"] as? Bool }
        #expect(shown.last == true, "errors-shown: \(shown)")
    }

    @Test("a save of a shader written for desktop GLSL, which GLSL ES refuses, is shown through its translation")
    func desktopGLSL() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try """
            precision mediump float;
            void main() {
                float one = 1;
                gl_FragColor = vec4(0, one, 0, one);
            }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(green), "stderr: \(window.app.error)")
        #expect(!window.app.error.contains("error:"), "stderr: \(window.app.error)")
    }

    @Test("a broken composition keeps the last good graph, and fixing it clears the error")
    func brokenComposition() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let clearPanel = try window.errorPanelArea()
        try "composition: 1\nsize: [64, 64\nnodes:\n".write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.app.error.contains("\(window.compositionPath):3:") })
        #expect(eventually { (try? window.errorPanelArea()).map { $0 != clearPanel } ?? false })
        #expect(try window.centre() == red)
        try LiveWindow.composition(shaderFolder: ".").write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(eventually { (try? window.errorPanelArea()).map { $0 == red } ?? false })
        #expect(window.app.error.contains("errors cleared"))
    }

    @Test("an edit still compiling when the composition breaks never swaps in over the composition's error")
    func staleCompileAfterBrokenComposition() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        let clearPanel = try window.errorPanelArea()
        let compilesBefore = window.count(of: "compile-start")
        // Green, with hundreds of dependent steps, so its compile is still running when the composition breaks;
        // salted, so no earlier run left it in Mesa's shader cache.
        let salt = Double(UInt32.random(in: 1...1_000_000)) / 1e7
        let steps = (0..<400).map { "    a = sin(a * 1.01 + \(Double($0) / 7 + salt));" }.joined(separator: "\n")
        let slowGreen = """
            precision highp float;
            void main() {
                float a = gl_FragCoord.x;
            \(steps)
                gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0) + vec4(0.0, 0.0, 0.0, a * 1e-30);
            }
            """
        try slowGreen.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.count(of: "compile-start") > compilesBefore })
        try "composition: 1\nsize: [64, 64\nnodes:\n".write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.count(of: "reload-failed") > 0 })
        #expect(window.count(of: "compile-end") == compilesBefore, "the slow compile finished before the composition broke")

        // The slow program arrives, and is kept, but the broken composition's error stays.
        #expect(eventually(timeout: 30) { window.count(of: "compile-end") > compilesBefore })
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try window.centre() == red)
        #expect((try? window.errorPanelArea()).map { $0 != clearPanel } ?? false)
        #expect(!window.app.error.contains("errors cleared"))

        // Fixed, the composition uses the program already compiled.
        try LiveWindow.composition(shaderFolder: ".").write(toFile: window.compositionPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(green))
        #expect(window.count(of: "compile-start") == compilesBefore + 1)
    }

    @Test("a vertex shader beside the shader is taken up when it appears, reloads when saved, and its mistakes are shown at its own lines")
    func vertexShaderBeside() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        // Red, green or blue by where the vertex stage says the middle of the square is.
        try """
            precision mediump float;
            varying vec2 textureCoordinate;
            void main() {
                gl_FragColor = textureCoordinate.x > 0.8 ? vec4(0.0, 0.0, 1.0, 1.0)
                    : textureCoordinate.x > 0.6 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
            }
            """.write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try window.centre() == red)
        let vertexPath = String(window.shaderPath.dropLast(".fsh".count)) + ".vsh"
        func vertex(_ x: String) -> String {
            """
            attribute vec4 position;
            varying vec2 textureCoordinate;
            void main() {
                gl_Position = position;
                textureCoordinate = vec2(\(x), 0.5);
            }
            """
        }
        try vertex("0.7").write(toFile: vertexPath, atomically: false, encoding: .utf8)
        #expect(try window.waitForCentre(green))
        try vertex("0.9").write(toFile: vertexPath, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(blue))
        try vertex("0.9 + missing").write(toFile: vertexPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.app.error.contains("\(vertexPath):5:36: error: ") }, "stderr: \(window.app.error)")
        #expect(try window.centre() == blue)
    }

    @Test("Q quits")
    func quits() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try window.press("q")
        #expect(window.app.waitForExit(timeout: 5))
        #expect(window.app.status == 0)
    }

    @Test("saving a file a shader includes recompiles that shader, and only the shaders that include it")
    func includedFileReloads() throws {
        let window = try LiveWindow(composition: """
            size: [64, 64]
            nodes:
              tinted: { kind: shader, file: tinted.fsh }
              plain: { kind: shader, file: fill.fsh }
              both: { kind: shader, file: sum.fsh, inputs: { inputImageTexture: tinted, inputImageTexture2: plain } }
            output: both
            """, prepare: { folder in
                try folder.write("compositions/colour.glsl", "vec4 colour() { return vec4(0.0, 0.5, 0.0, 0.0); }\n")
                try folder.write("compositions/tinted.fsh", "precision mediump float;\n#include \"colour.glsl\"\nvoid main() { gl_FragColor = colour(); }\n")
                try folder.write("compositions/sum.fsh", """
                    varying highp vec2 textureCoordinate;
                    uniform sampler2D inputImageTexture;
                    uniform sampler2D inputImageTexture2;
                    void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) + texture2D(inputImageTexture2, textureCoordinate); }
                    """)
            })
        #expect(try window.waitForCentre((255, 128, 0)), "the plain red and the included green")
        let before = window.trace.events.count { $0.name == "compile-start" }
        try "vec4 colour() { return vec4(0.0, 0.0, 0.5, 0.0); }\n".write(toFile: window.folder.file("compositions/colour.glsl"), atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre((255, 0, 128)), "the included file's new colour")
        let compiled = window.trace.events.filter { $0.name == "compile-start" }.dropFirst(before).compactMap { $0.fields["node"] as? String }
        #expect(compiled == ["tinted"])
    }

    @Test("a shader that includes a file not there yet says so, and takes the file up when it is created")
    func missingIncludeAppears() throws {
        let window = try LiveWindow()
        #expect(try window.waitForCentre(red))
        try "precision mediump float;\n#include \"later.glsl\"\nvoid main() { gl_FragColor = later(); }\n"
            .write(toFile: window.shaderPath, atomically: true, encoding: .utf8)
        #expect(eventually { window.app.error.contains("later.glsl") }, "\(window.app.error)")
        #expect(try window.centre() == red)
        try "vec4 later() { return vec4(0.0, 1.0, 0.0, 1.0); }\n"
            .write(toFile: window.folder.file("compositions/later.glsl"), atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(green))
    }
}

import Foundation
import Images
import TestSupport
import Testing

/// `shaderbench render` and `check` as a user runs them: real processes, real files, exit codes and output.
@Suite("The command line", .serialized)
struct CommandLineTests {
    let brokenShader = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;

        void main() {
            lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
            gl_FragColor = colour * brightnes;
        }
        """

    @Test("render writes numbered PNG frames and reports each one without a terminal")
    func renderFrames() throws {
        let folder = try TemporaryFolder()
        let result = try runShaderbench(["render", "compositions/two-pass.yaml", "--out", folder.file("f-%03d.png"), "--frames", "3"])
        #expect(result.status == 0)
        #expect(result.output == "wrote 3 frames: \(folder.file("f-000.png")) … \(folder.file("f-002.png"))\n")
        #expect(result.error.split(separator: "\n") == ["frame 1/3 → \(folder.file("f-000.png"))",
                                                        "frame 2/3 → \(folder.file("f-001.png"))",
                                                        "frame 3/3 → \(folder.file("f-002.png"))"])
        let image = try ImageFile.read(path: folder.file("f-002.png"))
        #expect(image.width == 640 && image.height == 400)
    }

    @Test("a range rendered on its own matches the same frames of a whole render")
    func rangesAreDeterministic() throws {
        let folder = try TemporaryFolder()
        #expect(try runShaderbench(["render", "compositions/default.yaml", "--out", folder.file("all-%d.png"), "--frames", "5", "--size", "160x90"]).status == 0)
        #expect(try runShaderbench(["render", "compositions/default.yaml", "--out", folder.file("part-%d.png"), "--frames", "2", "--start", "3", "--size", "160x90"]).status == 0)
        for frame in [3, 4] {
            let whole = try ImageFile.read(path: folder.file("all-\(frame).png"))
            let part = try ImageFile.read(path: folder.file("part-\(frame).png"))
            #expect(whole == part)
        }
        #expect(try ImageFile.read(path: folder.file("all-0.png")) != ImageFile.read(path: folder.file("all-4.png")))
    }

    @Test("--size sets the render size and --fps sets the time of each frame")
    func sizeAndFPS() throws {
        let folder = try TemporaryFolder()
        #expect(try runShaderbench(["render", "compositions/default.yaml", "--out", folder.file("a.png"), "--size", "200x100", "--start", "10", "--fps", "10"]).status == 0)
        #expect(try runShaderbench(["render", "compositions/default.yaml", "--out", folder.file("b.png"), "--size", "200x100", "--start", "30", "--fps", "30"]).status == 0)
        let a = try ImageFile.read(path: folder.file("a.png"))
        #expect(a.width == 200 && a.height == 100)
        // Frame 10 at 10 fps and frame 30 at 30 fps are both at one second.
        #expect(a == (try ImageFile.read(path: folder.file("b.png"))))
    }

    @Test("a shader file renders on its own, fed by --input")
    func loneShaderWithInput() throws {
        let folder = try TemporaryFolder()
        let result = try runShaderbench(["render", "shaders/sepia.fsh", "--input", "images/landscape.jpg", "--out", folder.file("s.png")])
        #expect(result.status == 0, "\(result.error)")
        let image = try ImageFile.read(path: folder.file("s.png"))
        #expect(image.width == 640 && image.height == 400)
    }

    @Test("a lone shader uses the defaults it declares: sepia.fsh alone matches the sepia composition")
    func loneShaderUsesDeclaredDefaults() throws {
        let folder = try TemporaryFolder()
        #expect(try runShaderbench(["render", "shaders/sepia.fsh", "--input", "images/landscape.jpg", "--out", folder.file("alone.png")]).status == 0)
        #expect(try runShaderbench(["render", "compositions/sepia.yaml", "--out", folder.file("composed.png")]).status == 0)
        #expect(try ImageFile.read(path: folder.file("alone.png")) == ImageFile.read(path: folder.file("composed.png")))
    }

    @Test("--input replaces a composition's live source")
    func inputOverride() throws {
        let folder = try TemporaryFolder()
        let pattern = try ImageFile.read(path: Repository.path("images/landscape.jpg"))
        #expect(try runShaderbench(["render", "compositions/default.yaml", "--input", "images/landscape.jpg", "--size", "640x400", "--out", folder.file("a.png")]).status == 0)
        #expect(try runShaderbench(["render", "compositions/default.yaml", "--size", "640x400", "--out", folder.file("b.png")]).status == 0)
        let withImage = try ImageFile.read(path: folder.file("a.png"))
        // The vignette leaves the centre alone: there the output is the shipped image, not the pattern.
        let centre = withImage[320, 200]
        let source = pattern[320, 200]
        #expect(abs(Int(centre.r) - Int(source.r)) <= 2 && abs(Int(centre.g) - Int(source.g)) <= 2)
        #expect(withImage != (try ImageFile.read(path: folder.file("b.png"))))
    }

    @Test("an --input that cannot be read is reported at the option and its value, not at a pseudo-file --input:1:1")
    func unreadableInput() throws {
        let folder = try TemporaryFolder()
        let broken = try folder.write("broken.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        let result = try runShaderbench(["render", "compositions/default.yaml", "--input", broken, "--out", folder.file("x.png")])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("--input \(broken): error: "), "\(result.error)")
    }

    @Test("--input on a composition with no image source to replace is a warning, and the render goes on")
    func inputWithNothingToReplace() throws {
        let folder = try TemporaryFolder()
        try folder.write("white.glsl", "void main() { gl_FragColor = vec4(1.0); }")
        let composition = try folder.write("c.yaml", "size: [8, 8]\nnodes:\n  white: { kind: shader, file: white.glsl }\n")
        let result = try runShaderbench(["render", composition, "--input", "images/landscape.jpg", "--out", folder.file("w.png")])
        #expect(result.status == 0, "\(result.error)")
        let warning = result.error.split(separator: "\n").first ?? ""
        #expect(warning.hasPrefix("--input images/landscape.jpg: warning: ") && warning.hasSuffix(" [SB2003]"), "\(result.error)")
        #expect(try ImageFile.read(path: folder.file("w.png"))[4, 4].r == 255)
    }

    @Test("check passes a good composition and names the shaders compiled")
    func checkPasses() throws {
        let result = try runShaderbench(["check", "compositions/five-pass.yaml"])
        #expect(result.status == 0)
        #expect(result.output == "compositions/five-pass.yaml: ok (5 shaders compiled)\n")
    }

    @Test("check fails with file:line:col, the line and a caret")
    func checkReportsCompileErrors() throws {
        let folder = try TemporaryFolder()
        let shader = try folder.write("fx.fsh", brokenShader)
        let result = try runShaderbench(["check", shader])
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("\(shader):6:29: error: ") == true)
        #expect(lines.first?.contains("brightnes") == true)
        // The source line is quoted indented by four, with the caret under `brightnes`.
        #expect(lines.dropFirst().first == "        gl_FragColor = colour * brightnes;")
        #expect(lines.dropFirst(2).first == String(repeating: " ", count: 32) + "^")
        #expect(lines.contains("1 error") || lines.contains("2 errors"))
    }

    @Test("render of a broken composition exits 1 with located errors and writes nothing")
    func renderReportsCompositionErrors() throws {
        let folder = try TemporaryFolder()
        let composition = try folder.write("c.yaml", "nodes:\n  src: { kind: pattern }\n  fx: { kind: shader, file: missing.fsh, inputs: { inputImageTexture: src } }\n")
        let result = try runShaderbench(["render", composition, "--out", folder.file("x.png")])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("\(composition):3:29: error: \(folder.file("missing.fsh")): no such file"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.png")))
    }

    @Test("render reports every problem check reports, a broken shader on a node the output does not use included")
    func renderReportsWhatCheckReports() throws {
        let folder = try TemporaryFolder()
        try folder.write("fx.fsh", brokenShader)
        try folder.write("unused.fsh", brokenShader.replacingOccurrences(of: "brightnes", with: "contrst"))
        let composition = try folder.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: fx.fsh, inputs: { inputImageTexture: src } }
              scratch: { kind: shader, file: unused.fsh, inputs: { inputImageTexture: src } }
            output: fx
            """)
        let check = try runShaderbench(["check", composition])
        let render = try runShaderbench(["render", composition, "--out", folder.file("x.png")])
        #expect(check.status == 1 && render.status == 1)
        #expect(check.error.contains("contrst") && check.error.contains("brightnes"), "\(check.error)")
        #expect(render.error + "2 errors\n" == check.error, "render:\n\(render.error)\ncheck:\n\(check.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.png")))
    }

    @Test("check on a ShaderToy page says that import reads it")
    func shaderToyPageIsNoComposition() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("page.json", #"{"Shader": {"info": {"name": "Red"}, "renderpass": [{"type": "image", "code": "void mainImage(out vec4 c, in vec2 p) { c = vec4(1, 0, 0, 1); }"}]}}"#)
        let result = try runShaderbench(["check", page])
        #expect(result.status == 1)
        #expect(result.error.contains("\(page):1:1: error: the composition has no 'nodes': this is a ShaderToy page, which `shaderbench import \(page) --out DIR` turns into a composition"),
                "\(result.error)")
    }

    @Test("a missing composition is one clear error")
    func missingComposition() throws {
        let result = try runShaderbench(["render", "no/such.yaml", "--out", "/tmp/x.png"])
        #expect(result.status == 1)
        #expect(result.error == "error: no/such.yaml: no such file [SB1005]\n")
    }

    @Test("several frames need a numbered pattern, and the pattern must be PNG")
    func outputPatternErrors() throws {
        let several = try runShaderbench(["render", "compositions/default.yaml", "--out", "/tmp/one.png", "--frames", "2"])
        #expect(several.status == 64)
        #expect(several.error.contains("needs a frame number in the pattern"))
        let notPNG = try runShaderbench(["render", "compositions/default.yaml", "--out", "/tmp/x-%d.jpg"])
        #expect(notPNG.status == 64)
        #expect(notPNG.error.contains("end the pattern with .png"))
    }

    @Test("a frame count, rate or first frame out of range is a usage error that says what is allowed", arguments: [
        (["--frames", "0"], "The value '0' is invalid for '--frames <frames>': the number of frames to render is a whole number, 1 or more"),
        (["--frames", "-1"], "The value '-1' is invalid for '--frames <frames>': the number of frames to render is a whole number, 1 or more"),
        (["--fps", "0"], "The value '0' is invalid for '--fps <fps>': frames per second is a number above 0, such as 30 or 29.97, or a fraction such as 30000/1001"),
        (["--start=-3"], "The value '-3' is invalid for '--start <start>': frames are numbered from 0, so the first is a whole number, 0 or more"),
    ])
    func frameRangeUsage(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let result = try runShaderbench(["render", "compositions/default.yaml", "--out", folder.file("f-%d.png")] + arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: \(message)\n"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a movie encoder or quality the encoder would refuse is a usage error, under render's usage, saying what is allowed", arguments: [
        (["--quality", "100"], "--quality 100 is out of range for libx264: its constant rate factor goes from 0 (best) to 51"),
        (["--quality", "-1"], "--quality -1 is out of range for libx264: its constant rate factor goes from 0 (best) to 51"),
        (["--codec", "mpeg4", "--quality", "0"], "--quality 0 is out of range for mpeg4: its quantiser goes from 1 (best) to 31"),
        (["--codec", "png", "--quality", "3"], "png takes no --quality: it is lossless or sets its own"),
        (["--codec", "nosuch"], "this FFmpeg has no video encoder named nosuch; the usual ones here are libx264, "),
    ])
    func encoderUsage(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let result = try runShaderbench(["render", "compositions/default.yaml", "--out", folder.file("x.mp4")] + arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: \(message)"), "\(result.error)")
        #expect(result.error.contains("Usage: shaderbench render "), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("an invalid --size says why and what is accepted", arguments: [
        ("0x5", "each side is from 1 to 16384 pixels, and the whole at most 64 megapixels"),
        ("20000x10", "each side is from 1 to 16384 pixels, and the whole at most 64 megapixels"),
        ("10000x10000", "10000×10000 is more than 64 megapixels, the most one target may have (8192×8192, say)"),
        ("wide", "a size is WIDTHxHEIGHT in pixels, such as 1280x720"),
    ])
    func sizeUsage(size: String, reason: String) throws {
        let result = try runShaderbench(["render", "compositions/default.yaml", "--out", "/tmp/never.png", "--size", size])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: The value '\(size)' is invalid for '--size <WxH>': \(reason)\n"), "\(result.error)")
    }

    @Test("a mistyped command is an unknown command with the nearest one, not a file to open", arguments: [
        (["rendr", "x.yaml"], "unknown command 'rendr'; did you mean 'render'?"),
        (["chekc"], "unknown command 'chekc'; did you mean 'check'?"),
        (["frobnicate"], "unknown command 'frobnicate'; the commands are open, render, check, inspect, graph, import, export, catalogue, gallery, devices, explain, and a composition or shader file opens in the window"),
    ])
    func unknownCommand(arguments: [String], message: String) throws {
        let result = try runShaderbench(arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: \(message)\n"), "\(result.error)")
    }

    @Test("explain with a code no message prints is a usage error, exit 64, that says which codes there are")
    func unknownDiagnosticCode() throws {
        let listing = try runShaderbench(["explain"])
        let codes = listing.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let (first, last) = (try #require(codes.first), try #require(codes.last))
        let result = try runShaderbench(["explain", "SB9999"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: no diagnostic code SB9999; the codes run \(first) to \(last), and `shaderbench explain` lists them with their titles\n"),
                "\(result.error)")
    }

    @Test("help COMMAND, as the top-level help suggests, prints that command's help; render's lists its defaults")
    func helpForACommand() throws {
        let top = try runShaderbench(["--help"])
        #expect(top.output.contains("See 'shaderbench help <subcommand>'"), "\(top.output)")
        let result = try runShaderbench(["help", "render"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("OVERVIEW: Render frames headless to PNG files or a movie."), "\(result.output)")
        let flat = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("default: when the live source is a movie, all of it from --start, else 1."), "\(flat)")
        #expect(flat.contains("default: the composition's rate:, else the live movie's own rate, else 30."), "\(flat)")
    }

    @Test("a file whose name looks like a command still opens: only a word that is no file is a mistyped command")
    func fileNamedLikeACommand() throws {
        let folder = try TemporaryFolder()
        try "not a composition".write(toFile: folder.file("rendr"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        // Taken as a file to open in the window, which this environment has no display for.
        let result = try runShaderbench(["rendr"], in: folder.path, environment: environment)
        #expect(result.status == 3)
        #expect(result.error.hasPrefix("There is no display"), "\(result.error)")
    }

    @Test("--version prints the version and exits 0")
    func version() throws {
        let result = try runShaderbench(["--version"])
        #expect(result.status == 0)
        #expect(result.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.output)")
    }

    @Test("with no display, opening a window says so in one sentence and points to render")
    func noDisplay() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let result = try runShaderbench([], environment: environment)
        #expect(result.status == 3)
        #expect(result.error == "There is no display to open a window on (DISPLAY is not set); use `shaderbench render COMPOSITION --out frame-%04d.png` to draw frames without one.\n")
    }
}

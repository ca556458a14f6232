import Foundation
@testable import GPU
import ShaderGraph
import ShaderLanguage
import ShaderTranslation
import Testing
import VideoFrames

/// Every GLSL file the workbench ships in `Sources/*/Shaders/`, compiled and linked on the headless context
/// the way its users complete it: with each set of #defines they give it, beside the stage they pair it
/// with, or spliced around a user's shader by its dialect.
@Suite("Built-in GLSL files", .serialized)
struct BuiltInShaderFileTests {
    /// A count rather than "at least one", so neither a lost file nor a broken search passes.
    static let expectedCount = 47

    /// Paths under `Sources/`, such as `GPU/Shaders/presenter.vert.glsl`.
    static func files() throws -> [String] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [String] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module).appendingPathComponent("Shaders")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            found += names.filter { $0.hasSuffix(".glsl") }.map { "\(module)/Shaders/\($0)" }
        }
        return found.sorted()
    }

    static func text(of file: String) throws -> String {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        return try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
    }

    struct Program {
        var vertex: String
        var fragment: String
        /// For a shader that reads its target: the program where the GPU fetches it.
        var fetchingFragment: String?
        /// For a stage translated from desktop GLSL: the text glslang read, which it was written from.
        var desktopText: String?

        var fetching: Program? { fetchingFragment.map { Program(vertex: vertex, fragment: $0) } }
    }

    static let fullscreen = GPUShaderFile.fullscreenVertex.text

    static func prepared(_ path: String, _ text: String, files: [String: String] = [:], otherFiles: Set<String> = []) throws -> Program {
        let source = SourceText(path: path, text: text)
        let embedded = SourceFiles.embedded(texts: files.merging([path: text]) { $1 }, otherFiles: otherFiles, filterFolder: "")
        let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source, files: embedded))
        return Program(vertex: shader.vertexSource, fragment: shader.fragmentSource, fetchingFragment: shader.framebufferFetchSource)
    }

    static let coordinates = ["textureCoordinate", "textureCoordinate2", "textureCoordinate3", "textureCoordinate4",
                              "textureCoordinate5", "outputTextureCoordinate",
                              "leftTextureCoordinate", "rightTextureCoordinate", "topTextureCoordinate", "bottomTextureCoordinate",
                              "topLeftTextureCoordinate", "topRightTextureCoordinate", "bottomLeftTextureCoordinate",
                              "bottomRightTextureCoordinate", "leftTextureCoordinate2", "rightTextureCoordinate2",
                              "topTextureCoordinate2", "bottomTextureCoordinate2", "upperLeftInputTextureCoordinate",
                              "upperRightInputTextureCoordinate", "lowerLeftInputTextureCoordinate", "lowerRightInputTextureCoordinate"]

    /// GPUImage-style shaders in both versions, reading every coordinate the vertex stage can give, or one.
    static func gpuImageShaders() throws -> [Program] {
        let sum = coordinates.map { "texture2D(inputImageTexture, \($0))" }.joined(separator: " + ")
        let classic = coordinates.map { "varying highp vec2 \($0);\n" }.joined()
            + "uniform sampler2D inputImageTexture;\nvoid main() { gl_FragColor = \(sum); }\n"
        let modern = "#version 300 es\n" + coordinates.map { "in highp vec2 \($0);\n" }.joined()
            + "uniform sampler2D inputImageTexture;\nout highp vec4 colour;\n"
            + "void main() { colour = \(sum.replacingOccurrences(of: "texture2D", with: "texture")); }\n"
        let single = "#version 300 es\nin highp vec2 textureCoordinate;\nuniform sampler2D inputImageTexture;\nout highp vec4 colour;\n"
            + "void main() { colour = texture(inputImageTexture, textureCoordinate); }\n"
        return [try prepared("classic.fsh", classic), try prepared("modern.fsh", modern), try prepared("single.fsh", single)]
    }

    /// A GPUImage-style blend that reads its target, in both versions: each as fetched and as read from a texture.
    static func framebufferFetchShaders() throws -> [Program] {
        let classic = try prepared("blend.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = gl_LastFragData[0] * texture2D(inputImageTexture, textureCoordinate); }
            """)
        let modern = try prepared("modern.fsh", """
            #version 300 es
            in highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            out highp vec4 colour;
            void main() { colour = gl_LastFragData[0] * texture(inputImageTexture, textureCoordinate); }
            """)
        return [classic, modern] + [classic.fetching].compactMap { $0 }
    }

    static func shaderToyShader() throws -> Program {
        try prepared("toy.glsl", """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texture(iChannel0, fragCoord / iResolution.xy) + texelFetch(iChannel1, ivec2(fragCoord), 0) * iTime;
            }
            """)
    }

    /// VS Code Shader Toy shaders: one with `mainImage`, a picture channel and the keyboard, one with its own `main`.
    static func vsCodeShaderToyShaders() throws -> [Program] {
        let picture = "picture.png"
        let withMainImage = try prepared("toy.glsl", """
            #iChannel0 "file://\(picture)"
            #iKeyboard
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = texture2D(iChannel0, fragCoord / iResolution.xy) * iGlobalTime + texelFetch(iChannel9, ivec2(fragCoord), 0)
                    + (isKeyDown(Key_A) || isKeyReleased(Key_Z) ? iMouseButton : iViewMatrix[0]);
            }
            """, otherFiles: [picture])
        let withMain = try prepared("plain.glsl", """
            void main() { gl_FragColor = vec4(gl_FragCoord.xy / iResolution.xy, float(iGlobalFrame), 1.0); }
            """)
        return [withMainImage, withMain]
    }

    /// glslViewer shaders in both versions, reading its coordinate, an image, the fragment's place and the clock.
    static func glslViewerShaders() throws -> [Program] {
        let classic = try prepared("book.frag", """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform sampler2D u_tex0;
            uniform vec2 u_resolution;
            uniform float u_time;
            varying vec2 v_texcoord;
            void main() { gl_FragColor = texture2D(u_tex0, v_texcoord) + texture2D(u_tex0, gl_FragCoord.xy / u_resolution, 1.0) * u_time; }
            """)
        let modern = try prepared("modern.frag", """
            #version 300 es
            precision highp float;
            uniform sampler2D u_tex0;
            uniform vec2 u_mouse;
            in vec2 v_texcoord;
            out vec4 colour;
            void main() {
                colour = texture(u_tex0, v_texcoord) + textureLod(u_tex0, u_mouse, 0.0) + texelFetch(u_tex0, ivec2(gl_FragCoord.xy), 0);
            }
            """)
        return [classic, modern]
    }

    /// A GLSL Sandbox shader reading its surface position, its backbuffer, the mouse and the clock.
    static func glslSandboxShader() throws -> Program {
        try prepared("sandbox.frag", """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform float time;
            uniform vec2 mouse;
            uniform vec2 resolution;
            uniform sampler2D backbuffer;
            varying vec2 surfacePosition;
            void main() { gl_FragColor = texture2D(backbuffer, gl_FragCoord.xy / resolution) + vec4(surfacePosition, mouse * time); }
            """)
    }

    /// A Bonzomatic shader reading its spectra at one coordinate and by bin, and its previous frame.
    static func bonzomaticShader() throws -> Program {
        try prepared("bonzo.glsl", """
            #version 410 core
            uniform float fGlobalTime;
            uniform vec2 v2Resolution;
            uniform sampler1D texFFT;
            uniform sampler2D texPreviousFrame;
            in vec2 out_texcoord;
            layout(location = 0) out vec4 out_color;
            void main(void) {
                vec2 uv = gl_FragCoord.xy / v2Resolution;
                out_color = texture(texFFT, uv.x) + textureLod(texFFT, uv.y, 0.0) + texelFetch(texFFT, 3, 0)
                    + texture(texPreviousFrame, out_texcoord) * fGlobalTime;
            }
            """)
    }

    /// An ISF shader with a vertex stage of its own, a pass target, and a text that writes gl_FragColor.
    static func isfShader() throws -> Program {
        let fragment = """
            /*{ "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" }, { "NAME": "amount", "TYPE": "float" } ],
                "PASSES": [ { "TARGET": "blurred" }, {} ] }*/
            varying vec2 shifted;
            void main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, shifted) + IMG_THIS_PIXEL(blurred) * TIME; }
            """
        let vertex = "varying vec2 shifted;\nvoid main() { isf_vertShaderInit(); shifted = isf_FragNormCoord + vec2(amount); }\n"
        return try prepared("shift.fs", fragment, files: ["shift.vs": vertex])
    }

    /// An ISF shader without a .vs, reading its own place.
    static func isfShaderOnItsOwn() throws -> Program {
        let fragment = """
            /*{ "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" } ] }*/
            void main() { gl_FragColor = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord); }
            """
        return try prepared("own.fs", fragment)
    }

    /// A GPUImage-style shader in GLSL ES 1.00's names that only desktop GLSL accepts (an int initialising a
    /// float), as the driver runs it: translated.
    static func desktopShader() throws -> Program {
        let source = SourceText(path: "desktop.fsh", text: """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform samplerCube environment;
            void main() {
                float one = 1;
                gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * one
                    + texture2DProj(inputImageTexture, vec3(textureCoordinate, 1.0)) + textureCube(environment, vec3(one));
            }
            """)
        let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
        return Program(vertex: shader.vertexSource, fragment: try DesktopGLSLTranslator.translate(fragment: shader.fragmentSource).get(),
                       desktopText: DesktopGLSLTranslator.desktopText(ofFragment: shader.fragmentSource)?.text)
    }

    /// A GPUImage-style vertex shader of a shader's own, in GLSL ES 1.00's names, that only desktop GLSL accepts
    /// (an int initialising a float and sampling a texture), as the driver runs it: translated.
    static func desktopVertexShader() throws -> Program {
        let vertex = """
            attribute vec4 position;
            varying vec2 textureCoordinate;
            uniform sampler2D heightMap;
            void main() {
                float one = 1;
                gl_Position = position + texture2D(heightMap, position.xy) * one;
                textureCoordinate = position.xy * 0.5 + 0.5;
            }
            """
        let fragment = "varying highp vec2 textureCoordinate;\nvoid main() { gl_FragColor = vec4(textureCoordinate, 0.0, 1.0); }\n"
        let shader = try prepared("raised.fsh", fragment, files: ["raised.vsh": vertex])
        return Program(vertex: try DesktopGLSLTranslator.translate(vertex: shader.vertex).get(), fragment: shader.fragment,
                       desktopText: DesktopGLSLTranslator.desktopText(ofVertex: shader.vertex)?.text)
    }

    /// A draw node's stages where it names none: both the workbench's (GLSL ES 1.00), and each beside a GLSL ES
    /// 3.00 stage of the user's (then in 3.00 itself), for a mesh with every attribute and one with positions only.
    static func modelStages() throws -> [Program] {
        let ownFragment = SourceText(path: "own.frag", text: "#version 300 es\nprecision highp float;\nin vec3 v_normal;\nout vec4 colour;\n"
                                     + "void main() { colour = vec4(v_normal, 1.0); }\n")
        let ownVertex = SourceText(path: "own.vert", text: "#version 300 es\nuniform mat4 u_modelViewProjectionMatrix;\nin vec4 a_position;\n"
                                   + "out vec4 v_position;\nout vec3 v_normal;\nout vec4 v_color;\n"
                                   + "void main() { v_position = a_position; v_normal = vec3(0.0); v_color = vec4(1.0); "
                                   + "gl_Position = u_modelViewProjectionMatrix * a_position; }\n")
        var programs: [Program] = []
        for every in [true, false] {
            let defines = ModelStage.defines(normals: every, texcoords: every, colours: every, primitive: "triangles")
            let available: Set<String> = every ? ["a_position", "a_normal", "a_texcoord", "a_color"] : ["a_position"]
            for (vertex, fragment) in [(SourceText?.none, SourceText?.none), (nil, ownFragment), (ownVertex, nil)] {
                let texts = try ModelStage.prepare(vertex: vertex, fragment: fragment, defines: defines, available: available, precision: .full)
                programs.append(Program(vertex: texts.vertex, fragment: texts.fragment))
            }
        }
        return programs
    }

    /// The programs each file's users build with it.
    static func programs(using file: String) throws -> [Program] {
        switch file {
        case "GPU/Shaders/frame-conversion.frag.glsl":
            return PlaneFormat.allCases.map { Program(vertex: fullscreen, fragment: FrameConverter.conversionShader(for: $0)) }
        case "GPU/Shaders/reduction-average.frag.glsl":
            return [false, true].map { Program(vertex: fullscreen, fragment: ReductionShaders.shrinkAverage(encodingCentroid: $0)) }
        case "GPU/Shaders/reduction-minmax.frag.glsl":
            return [false, true].map { Program(vertex: fullscreen, fragment: ReductionShaders.shrinkMinMax(luminance: $0)) }
        case "GPU/Shaders/fullscreen.vert.glsl", "GPU/Shaders/input-reshape.frag.glsl":
            return [Program(vertex: fullscreen, fragment: GPUShaderFile.inputReshape.text)]
        case "GPU/Shaders/watch-false-colour.frag.glsl":
            return [Program(vertex: fullscreen, fragment: GPUShaderFile.watchFalseColour.text)]
        case "GPU/Shaders/watch-range.frag.glsl":
            return [[], ["FIRST"]].map { Program(vertex: fullscreen, fragment: GPUShaderFile.watchRange.text(defining: $0)) }
        case "ShaderLanguage/Shaders/frame-conversion-member.frag.glsl":
            return try frameConversionMembers()
        case "ShaderLanguage/Shaders/yuv420-packing.frag.glsl":
            return [Program(vertex: fullscreen, fragment: YUV420Packing.fragmentSource(readingSampler: "image"))]
        case "GPU/Shaders/histogram.vert.glsl", "GPU/Shaders/histogram.frag.glsl":
            return [Program(vertex: GPUShaderFile.histogramVertex.text, fragment: GPUShaderFile.histogramFragment.text)]
        case "GPU/Shaders/presenter.vert.glsl", "GPU/Shaders/presenter.frag.glsl":
            return [Program(vertex: GPUShaderFile.presenterVertex.text, fragment: GPUShaderFile.presenterFragment.text)]
        case "GPU/Shaders/depth-copy.frag.glsl":
            return [Program(vertex: fullscreen, fragment: GPUShaderFile.depthCopy.text)]
        case "GPU/Shaders/output-copy.vert.glsl", "GPU/Shaders/output-copy.frag.glsl":
            return [Program(vertex: GPUShaderFile.outputCopyVertex.text, fragment: GPUShaderFile.outputCopyFragment.text)]
        case "GPU/Shaders/test-pattern.frag.glsl", "GPU/Shaders/noise-pattern.frag.glsl", "GPU/Shaders/checker-pattern.frag.glsl":
            let picture: PatternSource.Picture = file.contains("noise") ? .noise : file.contains("checker") ? .checker : .bars
            let shader = try TestPattern.prepared(picture)
            return [Program(vertex: shader.vertexSource, fragment: shader.fragmentSource)]
        case "ShaderLanguage/Shaders/vertex-stage.vert.glsl", "ShaderLanguage/Shaders/default-precision.frag.glsl",
             "ShaderLanguage/Shaders/full-precision.glsl":
            return try gpuImageShaders() + glslViewerShaders() + [glslSandboxShader()]
        case "ShaderLanguage/Shaders/bottom-up-coordinates.frag.glsl":
            return try glslViewerShaders() + [glslSandboxShader(), bonzomaticShader()]
        case "ShaderLanguage/Shaders/bonzomatic-prelude.frag.glsl":
            return [try bonzomaticShader()]
        case "ShaderLanguage/Shaders/glslviewer-defines.frag.glsl":
            return try glslViewerShaders()
        case "ShaderLanguage/Shaders/framebuffer-fetch.frag.glsl", "ShaderLanguage/Shaders/framebuffer-fetch-fallback.frag.glsl":
            return try framebufferFetchShaders()
        case "ShaderLanguage/Shaders/shadertoy-prelude.frag.glsl", "ShaderLanguage/Shaders/shadertoy-main.frag.glsl":
            return [try shaderToyShader()]
        case "ShaderLanguage/Shaders/vscode-shadertoy-prelude.frag.glsl":
            return try vsCodeShaderToyShaders()
        case "ShaderLanguage/Shaders/y-up-lookups.frag.glsl":
            return [try shaderToyShader()] + (try vsCodeShaderToyShaders())
        case "ShaderLanguage/Shaders/vscode-shadertoy-keyboard.frag.glsl", "ShaderLanguage/Shaders/vscode-shadertoy-main.frag.glsl":
            return [try vsCodeShaderToyShaders()[0]]
        case "ShaderLanguage/Shaders/shadertoy-blank-channel.frag.glsl":
            return [try prepared("blank-channel.frag", DialectShaderFile.shaderToyBlankChannel.text)]
        case "ShaderLanguage/Shaders/isf-built-ins.glsl", "ShaderLanguage/Shaders/isf-prelude.frag.glsl",
             "ShaderLanguage/Shaders/isf-frag-color.frag.glsl", "ShaderLanguage/Shaders/isf-vertex-prelude.vert.glsl",
             "ShaderLanguage/Shaders/isf-frag-norm-coord-varying.frag.glsl":
            return [try isfShader()]
        case "ShaderLanguage/Shaders/model-vertex.vert.glsl", "ShaderLanguage/Shaders/model-fragment.frag.glsl":
            return try modelStages()
        case "ShaderLanguage/Shaders/isf-frag-norm-coord.frag.glsl":
            return [try isfShaderOnItsOwn()]
        case "ShaderLanguage/Shaders/watch-support.frag.glsl":
            return try watchedShaders()
        case "ShaderTranslation/Shaders/es100-names.frag.glsl":
            return [try desktopShader()]
        case "ShaderTranslation/Shaders/es100-texture-names.glsl":
            return [try desktopShader(), try desktopVertexShader()]
        case "ShaderTranslation/Shaders/es100-names.vert.glsl":
            return [try desktopVertexShader()]
        default:
            Issue.record("\(file) has no recipe here: add how its users compile it")
            return []
        }
    }

    /// The one-channel copies, as compute nodes use them: an r32ui target copied out into the image others read,
    /// and loaded back into another node's r32ui input; the values arrive only if both copies compiled and ran.
    static func oneChannelCopies() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("count.comp", """
            #version 310 es
            layout(local_size_x = 2) in;
            layout(r32ui, binding = 0) writeonly uniform highp uimage2D counts;
            void main() { imageStore(counts, ivec2(gl_GlobalInvocationID.xy), uvec4(gl_GlobalInvocationID.x * 7u + 3u)); }
            """)
        try workspace.write("again.comp", """
            #version 310 es
            layout(local_size_x = 2) in;
            layout(r32ui, binding = 0) readonly uniform highp uimage2D counts;
            layout(r32f, binding = 1) writeonly uniform highp image2D halves;
            void main() { ivec2 p = ivec2(gl_GlobalInvocationID.xy); imageStore(halves, p, vec4(float(imageLoad(counts, p).r) / 2.0)); }
            """)
        let composition = try workspace.load("""
            size: [2, 1]
            nodes:
              counts: { kind: compute, file: count.comp }
              halves: { kind: compute, file: again.comp, inputs: { counts: counts } }
            output: halves
            """)
        let floats = try GraphExecutor(composition: composition).renderFrame(FrameTime(index: 0, fps: 30)).readFloats()
        #expect([floats[0], floats[4]] == [1.5, 5], "3 and 10, halved")
    }

    /// The frame conversion member on its own, and fused ahead of a GPUImage-style reader in GLSL ES 1.00 and
    /// in 3.00, which writes the member as 3.00.
    static func frameConversionMembers() throws -> [Program] {
        let member = FrameConversionMember.shader
        let readers = [
            ("reader.fsh", """
                varying highp vec2 textureCoordinate;
                uniform sampler2D inputImageTexture;
                uniform lowp float amount;
                void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * amount; }
                """),
            ("reader-es300.fsh", """
                #version 300 es
                in highp vec2 textureCoordinate;
                uniform sampler2D inputImageTexture;
                uniform lowp float amount;
                out highp vec4 colour;
                void main() { colour = texture(inputImageTexture, textureCoordinate) * amount; }
                """),
        ]
        var programs = [Program(vertex: member.vertexSource, fragment: member.fragmentSource)]
        for (path, text) in readers {
            let source = SourceText(path: path, text: text)
            let reader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
            let members = [ShaderFusion.Member(node: "camera", shader: member, chainedSampler: nil),
                           ShaderFusion.Member(node: "reader", shader: reader, chainedSampler: "inputImageTexture")]
            guard let fused = ShaderFusion.fragmentSource(of: members, rounding: true) else {
                Issue.record("the frame conversion member does not fuse ahead of \(path)")
                continue
            }
            programs.append(Program(vertex: reader.vertexSource, fragment: fused.source))
        }
        return programs
    }

    /// GLSL ES 1.00, 3.00 and a ShaderToy shader, each watching a float and a vector.
    static func watchedShaders() throws -> [Program] {
        let shaders = [
            ("watched-es100.frag", "varying highp vec2 textureCoordinate;\nvoid main() {\n    highp vec2 uv = textureCoordinate;\n    gl_FragColor = vec4(uv, 0.0, 1.0);\n}\n"),
            ("watched-es300.frag", "#version 300 es\nprecision highp float;\nin vec2 textureCoordinate;\nout vec4 colour;\nvoid main() {\n    vec2 uv = textureCoordinate;\n    colour = vec4(uv, 0.0, 1.0);\n}\n"),
            ("watched-toy.frag", "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n    vec2 uv = fragCoord / iResolution.xy;\n    fragColor = vec4(uv, 0.0, 1.0);\n}\n"),
        ]
        var programs: [Program] = []
        for (path, text) in shaders {
            let source = SourceText(path: path, text: text)
            let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
            let line = source.lines.firstIndex { $0.contains("uv =") }.map { $0 + 1 } ?? 1
            for expression in ["uv", "uv.x"] {
                let fragment = try WatchInstrumentation.fragmentSource(of: shader, watching: ShaderWatch(line: line, expression: expression))
                programs.append(Program(vertex: shader.vertexSource, fragment: fragment))
            }
        }
        return programs
    }

    @Test("the checkout has every built-in GLSL file expected, and each module embeds its own")
    func everyFileFound() throws {
        let files = try Self.files()
        #expect(files.count == Self.expectedCount, "found \(files)")
        let embedded = DialectShaderFile.allCases.map { "ShaderLanguage/Shaders/\($0.fileName)" }
            + GPUShaderFile.allCases.map { "GPU/Shaders/\($0.fileName)" }
            + TranslationShaderFile.allCases.map { "ShaderTranslation/Shaders/\($0.fileName)" }
        #expect(Set(embedded).isSubset(of: files), "embedded but not found: \(Set(embedded).subtracting(files))")
        #expect(files.allSatisfy(embedded.contains))
    }

    @Test("each built-in GLSL file compiles and links as its users complete it", arguments: try files())
    func compiles(file: String) throws {
        if file == "GPU/Shaders/one-channel-copy.comp.glsl" { return try Self.oneChannelCopies() }
        let context = try HeadlessContext()
        let programs = try Self.programs(using: file)
        // The file's own text (after a #version its users may follow with defines) is in what they compile.
        let body = try Self.text(of: file).split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix("#version") }.joined(separator: "\n").trimmingCharacters(in: .newlines)
        #expect(programs.contains { [$0.vertex, $0.fragment, $0.desktopText].contains { $0?.contains(body) == true } },
                "no program uses \(file)")
        for program in programs {
            do {
                _ = try BuiltInProgram(file, vertex: program.vertex, fragment: program.fragment,
                                       attributes: [VertexStage.positionAttribute: FullscreenQuad.positionLocation])
            } catch {
                Issue.record("\(error)\n--- vertex\n\(program.vertex)\n--- fragment\n\(program.fragment)")
            }
        }
        withExtendedLifetime(context) {}
    }
}

import Testing
@testable import ShaderGraph
import ShaderLanguage
import TestSupport

/// Which passes read their input only at their own pixel, and which chains of them the plan could draw as one
/// program, worked out from the shaders themselves.
@Suite("Passes that could be one program")
struct FusionPlanTests {
    func shader(_ path: String) throws -> PreparedShader {
        let source = try UserFile.readText(path: FilterLibrary.path(of: path))
        return PreparedShader(source: source, interface: try ShaderInterface.read(source))
    }

    @Test("the library's colour filters read their input only at their own pixel; neighbourhood and geometry filters do not",
          arguments: [("brightness", true), ("contrast", true), ("saturation", true), ("sepia", true), ("color-invert", true),
                      ("sobel", false), ("flip-vertical", false), ("swirl", false), ("pixellate", false)])
    func libraryFilters(filter: String, pointwise: Bool) throws {
        #expect(PointwiseAnalysis.reads("inputImageTexture", of: try shader(filter)) == pointwise)
    }

    @Test("what the reading cannot follow counts as a neighbourhood read: a coordinate kept in a variable, the sampler passed on, derivatives")
    func conservative() throws {
        func reads(_ body: String) throws -> Bool {
            let source = SourceText(path: "s.fsh", text: "varying highp vec2 textureCoordinate;\nuniform sampler2D inputImageTexture;\n\(body)")
            return PointwiseAnalysis.reads("inputImageTexture", of: PreparedShader(source: source, interface: try ShaderInterface.read(source)))
        }
        #expect(try reads("void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }"))
        #expect(try !reads("void main() { highp vec2 uv = textureCoordinate; gl_FragColor = texture2D(inputImageTexture, uv); }"))
        #expect(try !reads("lowp vec4 at(sampler2D s) { return texture2D(s, textureCoordinate); }\nvoid main() { gl_FragColor = at(inputImageTexture); }"))
        #expect(try !reads("#extension GL_OES_standard_derivatives : enable\nvoid main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * fwidth(textureCoordinate.x); }"))
    }

    func chains(_ nodes: String, output: String, files: [String: String] = [:]) throws -> [[String]] {
        let workspace = try Workspace()
        for (name, text) in files { try workspace.write(name, text) }
        let composition = try workspace.load("""
            size: [64, 36]
            nodes:
              src: { kind: pattern }
            \(nodes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            output: \(output)
            """)
        let plan = try FramePlan(composition, fusing: false)
        return plan.fusibleChains.map { $0.map { plan.steps[$0].node.name } }
    }

    /// Sobel (GLSL ES 3.00) reads its input's neighbours from the image, so it cannot join the chain before it;
    /// it can start the next one, whose GLSL ES 1.00 filters are written as 3.00 with it.
    @Test("a neighbourhood filter in the middle breaks a chain in two")
    func neighbourhoodBreaks() throws {
        #expect(try chains("""
            a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
            b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a } }
            edges: { kind: shader, filter: sobel, inputs: { inputImageTexture: b } }
            c: { kind: shader, filter: sepia, inputs: { inputImageTexture: edges } }
            d: { kind: shader, filter: color-invert, inputs: { inputImageTexture: c } }
            """, output: "d") == [["a", "b"], ["edges", "c", "d"]])
    }

    @Test("a compute node between colour filters ends the chain before it and starts none: the filters after it fuse on their own")
    func computeBreaks() throws {
        let kernel = """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            uniform highp sampler2D picture;
            layout(rgba8, binding = 0) writeonly uniform highp image2D copied;
            void main() { imageStore(copied, ivec2(gl_GlobalInvocationID.xy), texelFetch(picture, ivec2(gl_GlobalInvocationID.xy), 0)); }
            """
        #expect(try chains("""
            a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
            b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a } }
            k: { kind: compute, file: copy.comp, inputs: { picture: b } }
            c: { kind: shader, filter: sepia, inputs: { inputImageTexture: k } }
            d: { kind: shader, filter: color-invert, inputs: { inputImageTexture: c } }
            """, output: "d", files: ["copy.comp": kernel]) == [["a", "b"], ["c", "d"]])
    }

    @Test("a pass read twice, or read as a previous frame, or at another size, ends its chain")
    func readersAndSizes() throws {
        #expect(try chains("""
            a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
            b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a } }
            c: { kind: shader, filter: sepia, inputs: { inputImageTexture: a } }
            both: { kind: shader, filter: blend-add, inputs: { inputImageTexture: b, inputImageTexture2: c } }
            """, output: "both") == [])
        #expect(try chains("""
            a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
            small: { kind: shader, filter: contrast, size: [32, 18], inputs: { inputImageTexture: a } }
            """, output: "small") == [])
        #expect(try chains("""
            a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
            mean: { kind: average, input: a }
            b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a }, uniforms: { contrast: mean.x } }
            """, output: "b") == [])
        #expect(try chains("""
            a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
            b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a }, previous: [inputImageTexture] }
            """, output: "b") == [])
    }

    @Test("ISF colour filters fuse with each other, their header's inputs renamed apart; ISF's neighbourhood filter starts a chain, and a GLSL ES 1.00 filter does not join one")
    func isfChains() throws {
        let tint = Repository.path("shaders/isf/tint.fs"), mosaic = Repository.path("shaders/isf/mosaic.fs")
        let nodes = """
            a: { kind: shader, file: \(tint), inputs: { inputImage: src } }
            b: { kind: shader, file: \(tint), inputs: { inputImage: a }, uniforms: { amount: 0.2 } }
            tiles: { kind: shader, file: \(mosaic), inputs: { inputImage: b } }
            c: { kind: shader, file: \(tint), inputs: { inputImage: tiles } }
            d: { kind: shader, filter: sepia, inputs: { inputImageTexture: c } }
            """
        #expect(try chains(nodes, output: "d") == [["a", "b"], ["tiles", "c"]])
        let plan = try plan(nodes, output: "d")
        #expect(plan.passes.map { $0.pass.shader.fusedMembers.map(\.node) } == [["a", "b"], ["tiles", "c"], []])
        #expect(plan.program(drawing: "b", uniform: "amount")! == (1, "sbf1_amount"))
        guard case .pass(let pass) = plan.steps[1].work else { Issue.record("no pass"); return }
        #expect(pass.inputs.map(\.sampler) == ["sbf0_inputImage"])
        #expect(Set(pass.uniforms.map(\.name)).isSuperset(of: ["sbf0_amount", "sbf1_amount", "sbf1_tint"]))
        #expect(pass.takesLiveValue(for: "sbf1_amount"))
        // The built-ins and lookups once, then each member's inputs; the second member's image is the first's colour.
        let source = pass.shader.fragmentSource
        #expect(source.components(separatedBy: "uniform float TIME;").count == 2)
        #expect(source.contains("uniform float sbf1_amount;") && !source.contains("uniform sampler2D sbf1_inputImage;"))
        #expect(source.contains("#define sbf0u_inputImage_imgSize vec2(textureSize(sbf0_inputImage, 0))"))
        #expect(source.contains("#define sbf1u_inputImage_imgSize RENDERSIZE"))
    }

    @Test("where frames are converted in their readers, a movie read at its own pixel by one GPUImage filter heads that filter's chain; read twice, kept, by a neighbourhood or ISF filter, or where frames are not, it does not")
    func framesConvertedInReaders() throws {
        let workspace = try Workspace()
        _ = try workspace.write("clip.mp4", bytes: [0])
        func plan(_ nodes: String, keeping: Set<String> = [], converting: Bool = true) throws -> FramePlan {
            try FramePlan(try workspace.load("""
                nodes:
                  clip: { kind: movie, file: clip.mp4 }
                \(nodes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
                output: b
                """), keeping: keeping, convertingFrames: converting)
        }
        let chain = """
            a: { kind: shader, filter: sepia, inputs: { inputImageTexture: clip } }
            b: { kind: shader, filter: brightness, inputs: { inputImageTexture: a } }
            """
        let fused = try plan(chain)
        #expect(fused.steps.map(\.node.name) == ["clip", "b"])
        #expect(fused.passes.map { $0.pass.shader.fusedMembers.map(\.node) } == [["clip", "a", "b"]])
        let converted = try #require(fused.passes.first?.pass.convertedFrame)
        #expect(converted.source == 0 && converted.planes == ["sbf0_framePlane0", "sbf0_framePlane1", "sbf0_framePlane2"])
        #expect(converted.units == [0, 1, 2] && converted.layout == "sbf0_frameLayout")
        #expect(fused.passes.first?.pass.inputs.map(\.source) == [0])
        #expect(try plan(chain, converting: false).passes.map(\.pass.convertedFrame) == [nil])
        #expect(try plan(chain, keeping: ["clip"]).passes.map(\.pass.convertedFrame) == [nil])
        let twice = chain + "\nc: { kind: shader, filter: color-invert, inputs: { inputImageTexture: clip } }"
        #expect(try plan(twice, keeping: ["c"]).passes.allSatisfy { $0.pass.convertedFrame == nil })
        let edges = chain.replacingOccurrences(of: "filter: sepia", with: "filter: sobel")
        #expect(try plan(edges).passes.allSatisfy { $0.pass.convertedFrame == nil })
        let isf = chain.replacingOccurrences(of: "filter: sepia, inputs: { inputImageTexture: clip }",
                                             with: "file: \(Repository.path("shaders/isf/tint.fs")), inputs: { inputImage: clip }")
        #expect(try plan(isf).passes.allSatisfy { $0.pass.convertedFrame == nil })
    }

    @Test("a GLSL ES 1.00 filter that uses a word GLSL ES 3.00 reserves keeps a chain with a 3.00 filter apart; two 3.x versions do not join")
    func versionsThatDoNotJoin() throws {
        let workspace = try Workspace()
        func shader(_ name: String, _ text: String) throws -> String { try workspace.write(name, text) }
        _ = try shader("old.fsh", """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { lowp vec4 texture = texture2D(inputImageTexture, textureCoordinate); gl_FragColor = texture.bgra; }
            """)
        for version in ["300 es", "310 es"] {
            _ = try shader("new\(version.prefix(3)).fsh", """
                #version \(version)
                precision mediump float;
                in highp vec2 textureCoordinate;
                uniform sampler2D inputImageTexture;
                out vec4 colour;
                void main() { colour = texture(inputImageTexture, textureCoordinate).gbra; }
                """)
        }
        func passes(_ files: [String]) throws -> [[String]] {
            let nodes = files.enumerated().map { index, file in
                "n\(index): { kind: shader, file: \(file), inputs: { inputImageTexture: \(index == 0 ? "src" : "n\(index - 1)") } }"
            }
            let composition = try workspace.load("size: [16, 16]\nnodes:\n  src: { kind: pattern }\n" + nodes.map { "  " + $0 }.joined(separator: "\n")
                                                 + "\noutput: n\(files.count - 1)\n")
            return try FramePlan(composition).passes.map { $0.pass.shader.fusedMembers.map(\.node) }
        }
        #expect(try passes(["old.fsh", "old.fsh"]) == [["n0", "n1"]])
        #expect(try passes(["old.fsh", "new300.fsh"]) == [[], []])
        #expect(try passes(["new300.fsh", "new310.fsh"]) == [[], []])
    }

    /// `files` are written beside the composition, by name.
    func plan(_ nodes: String, output: String, extra: String = "", keeping: Set<String> = [], packingOutput: YUV420Packing? = nil,
              files: [String: String] = [:]) throws -> FramePlan {
        let workspace = try Workspace()
        for (name, text) in files { try workspace.write(name, text) }
        return try FramePlan(try workspace.load("""
            size: [64, 36]
            \(extra)
            nodes:
              src: { kind: pattern }
            \(nodes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            output: \(output)
            """), keeping: keeping, packingOutput: packingOutput)
    }

    static let chain = """
        a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
        b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a } }
        mean: { kind: average, input: src }
        c: { kind: shader, filter: sepia, inputs: { inputImageTexture: b }, uniforms: { intensity: mean.x } }
        """

    @Test("a fused chain is one pass at its last node's place, reading the first one's inputs, with every member's uniforms renamed apart")
    func fusedPlan() throws {
        let plan = try plan(Self.chain, output: "c")
        #expect(plan.steps.map(\.node.name) == ["src", "mean", "c"])
        #expect(plan.output == 2)
        guard case .pass(let pass) = plan.steps[2].work else { Issue.record("no pass"); return }
        #expect(pass.shader.fusedMembers.map(\.node) == ["a", "b", "c"])
        #expect(pass.inputs.map(\.source) == [0] && pass.inputs.map(\.sampler) == ["sbf0_inputImageTexture"])
        #expect(Set(pass.uniforms.map(\.name)) == ["sbf0_brightness", "sbf1_contrast", "sbf2_intensity"])
        // The wire to the average is renumbered with the steps.
        #expect(pass.uniforms.first { $0.name == "sbf2_intensity" }?.value == .step(1, components: [0]))
        #expect(plan.program(drawing: "b", uniform: "contrast")! == (2, "sbf1_contrast"))
        #expect(pass.takesLiveValue(for: "sbf1_contrast") && !pass.takesLiveValue(for: "sbf2_intensity"))
        // Each member's main is a function of its own; the program has one main.
        #expect(pass.shader.fragmentSource.components(separatedBy: "void main()").count == 2)
        #expect(pass.shader.fragmentSource.contains("#line 1100001 11"))
    }

    @Test("'cache: true' keeps a node's image, `fuse: false` and planning without fusion keep every pass, and a kept node ends its chain")
    func barriers() throws {
        let cached = Self.chain.replacingOccurrences(of: "inputs: { inputImageTexture: a } }", with: "inputs: { inputImageTexture: a }, cache: true }")
        #expect(try plan(cached, output: "c").passes.map { $0.pass.shader.fusedMembers.map(\.node) } == [["a", "b"], []])
        #expect(try plan(Self.chain, output: "c", extra: "fuse: false").passes.count == 3)
        let workspace = try Workspace()
        let composition = try workspace.load("""
            size: [64, 36]
            nodes:
              src: { kind: pattern }
            \(Self.chain.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            output: c
            """)
        #expect(try FramePlan(composition, fusing: false).passes.count == 3)
        #expect(try FramePlan(composition, keeping: ["a"]).passes.map { $0.pass.shader.fusedMembers.map(\.node) } == [[], ["b", "c"]])
    }

    /// The members of the pass that draws the output's planes where the frame is read back as YUV 4:2:0; nil
    /// where the output's pass draws its image (and the readback packs it).
    func packedOutput(_ nodes: String, output: String, extra: String = "", keeping: Set<String> = []) throws -> [String]? {
        let grain = """
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * (0.9 + 0.1 * fract(gl_FragCoord.x * 0.37)); }
            """
        let plan = try plan(nodes, output: output, extra: extra, keeping: keeping,
                            packingOutput: YUV420Packing(redWeight: 0.2126, blueWeight: 0.0722), files: ["grain.fsh": grain])
        guard case .pass(let pass) = plan.steps[plan.output].work, pass.packing != nil else { return nil }
        // Every coordinate is a variable the packing sets; the program is GLSL ES 3.00 with the packing's main.
        #expect(pass.shader.fragmentSource.hasPrefix("#version 300 es") && !pass.shader.fragmentSource.contains("varying"))
        #expect(pass.shader.fragmentSource.contains("highp vec2 textureCoordinate = vec2(0.0);"))
        #expect(pass.shader.fragmentSource.components(separatedBy: "void main()").count == 2)
        return pass.shader.fusedMembers.map(\.node)
    }

    @Test("where frames are read back as YUV planes, the output's chain, or its pass alone, draws them; not a filter with stepped coordinates, a pass that reads gl_FragCoord, an output something else reads, one at its own size, or with fuse: false")
    func packedOutputs() throws {
        #expect(try packedOutput(Self.chain, output: "c") == ["a", "b", "c"])
        #expect(try packedOutput("a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }", output: "a") == ["a"])
        // Sobel reads its input's neighbours through its coordinate, which the packing sets: it draws planes too.
        #expect(try packedOutput("edges: { kind: shader, filter: sobel, inputs: { inputImageTexture: src } }", output: "edges") == ["edges"])
        // Sharpen reads them through the vertex stage's stepped coordinates, which the packing does not set.
        #expect(try packedOutput("sharp: { kind: shader, filter: sharpen, inputs: { inputImageTexture: src } }", output: "sharp") == nil)
        #expect(try packedOutput("""
            a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src } }
            g: { kind: shader, file: grain.fsh, inputs: { inputImageTexture: a } }
            """, output: "g") == nil)
        #expect(try packedOutput(Self.chain + "\nmeanOut: { kind: average, input: c }", output: "c", keeping: ["meanOut"]) == nil)
        #expect(try packedOutput("a: { kind: shader, filter: brightness, size: [32, 18], inputs: { inputImageTexture: src } }", output: "a") == nil)
        #expect(try packedOutput(Self.chain, output: "c", extra: "fuse: false") == nil)
    }

    @Test("'fuse' and 'cache' take true or false, and say so at the value")
    func flagsChecked() throws {
        let workspace = try Workspace()
        #expect(throws: DiagnosticsError.self) { try workspace.load("fuse: maybe\nnodes:\n  src: { kind: pattern }\n") }
    }
}

import Foundation
import GPU
import Images
import ShaderGraph
import ShaderLanguage
import TestSupport
import Testing

/// Chains of colour filters drawn as one program: the same picture as separate passes (to the level or two by
/// which llvmpipe reads each 8-bit image in between low), errors at the member's own file, parameters tuned in
/// place, and any member shown on its own.
@Suite("Colour filters drawn as one program", .serialized)
struct FusionTests {
    /// The frame `composition` draws, fused or each pass on its own.
    func render(_ composition: Composition, fusing: Bool, keeping: Set<String> = []) throws -> RGBAImage {
        var composition = composition
        composition.fuses = fusing
        let executor = try GraphExecutor(composition: composition, keeping: keeping)
        return try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
    }

    func passCount(_ composition: Composition) throws -> Int {
        try FramePlan(composition).passes.count
    }

    @Test("every colour filter of the library after another draws as one pass, within a level of the two passes")
    func libraryFilters() throws {
        let workspace = try GPUWorkspace()
        let photo = try workspace.writePNG("noise.png", noiseImage(width: 48, height: 32, seed: 7))
        var fused = 0
        for filter in FilterLibrary.names() {
            let source = try UserFile.readText(path: FilterLibrary.path(of: filter))
            let shader = PreparedShader(source: source, interface: try ShaderInterface.read(source))
            guard shader.interface.samplers.count == 1, PointwiseAnalysis.reads("inputImageTexture", of: shader) else { continue }
            let composition = try workspace.load("""
                nodes:
                  photo: { kind: image, file: \(photo) }
                  warm: { kind: shader, filter: brightness, inputs: { inputImageTexture: photo }, uniforms: { brightness: 0.03 } }
                  tested: { kind: shader, filter: \(filter), inputs: { inputImageTexture: warm } }
                output: tested
                """)
            guard try passCount(composition) == 1 else { continue }
            fused += 1
            let difference = try render(composition, fusing: true).largestDifference(from: try render(composition, fusing: false))
            // A chroma key's smoothstep over a narrow band magnifies a level rounded the other way.
            #expect(difference <= (filter == "chroma-key" ? 4 : 1), "\(filter): fused and separate passes differ by \(difference) levels")
        }
        #expect(fused >= 10, "only \(fused) library filters fused")
    }

    @Test("every example composition draws the same picture fused as pass by pass",
          arguments: ["sepia", "two-pass", "five-pass", "tour"])
    func examples(name: String) throws {
        let workspace = try GPUWorkspace()
        defer { withExtendedLifetime(workspace) {} }
        let composition = try CompositionLoader.load(path: Repository.path("compositions/\(name).yaml"))
        let difference = try render(composition, fusing: true).largestDifference(from: try render(composition, fusing: false))
        // five-pass's Sobel filter, after a fused chain, magnifies a level of rounding up to eight times.
        #expect(difference <= (name == "five-pass" ? 8 : 2), "\(name): \(difference) levels apart")
    }

    @Test("ISF colour filters after each other draw as one pass, within a level of two passes; their inputs are tuned in place; an error in the second is at its own line")
    func isfChain() throws {
        let workspace = try GPUWorkspace()
        let photo = try workspace.writePNG("noise.png", noiseImage(width: 48, height: 32, seed: 5))
        let tint = Repository.path("shaders/isf/tint.fs")
        let text = try String(contentsOfFile: tint, encoding: .utf8)
        // The second reads the first the other way ISF has, and asks its size.
        try workspace.write("normed.fs", text.replacingOccurrences(
            of: "IMG_THIS_PIXEL(inputImage)", with: "IMG_NORM_PIXEL(inputImage, isf_FragNormCoord) * (_inputImage_imgSize == RENDERSIZE ? 1.0 : 0.5)"))
        func chain(warmth: Double, second: String = "normed.fs") throws -> Composition {
            try workspace.load("""
                nodes:
                  photo: { kind: image, file: \(photo) }
                  warm: { kind: shader, file: \(tint), inputs: { inputImage: photo }, uniforms: { amount: \(warmth) } }
                  cool: { kind: shader, file: \(second), inputs: { inputImage: warm }, uniforms: { tint: [0.6, 0.8, 1.0, 1.0], brightness: 0.1 } }
                output: cool
                """)
        }
        let composition = try chain(warmth: 0.3)
        #expect(try passCount(composition) == 1)
        #expect(try render(composition, fusing: true).largestDifference(from: try render(composition, fusing: false)) <= 1)

        let executor = try GraphExecutor(composition: composition)
        let before = try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()
        #expect(executor.setUniform("amount", of: "warm", to: [0.9]))
        let tuned = try executor.renderFrame(FrameTime(index: 1, fps: 30)).readPixels()
        #expect(tuned.largestDifference(from: before) > 8)
        #expect(tuned.largestDifference(from: try render(try chain(warmth: 0.9), fusing: false)) <= 1)

        try workspace.write("broken.fs", text.replacingOccurrences(of: "tinted + brightness", with: "tinted + brightness + missing"))
        let broken = try chain(warmth: 0.3, second: "broken.fs")
        do {
            _ = try GraphExecutor(composition: broken)
            Issue.record("the fused program compiled")
        } catch {
            // Nothing from the program's own text: no warning about the names it gave the member's inputs.
            #expect(error.diagnostics.allSatisfy { $0.severity == .error })
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location?.file.hasSuffix("broken.fs") == true)
            #expect(diagnostic.location?.line == 18 && diagnostic.location?.column == 50)
            #expect(diagnostic.message.contains("missing") && !diagnostic.message.contains("sbf"))
            #expect(diagnostic.message.contains("[node 'cool']"))
        }
    }

    @Test("GLSL ES 1.00 filters around a 3.00 one draw as one 3.00 program, within a level of the passes, with an error in a 1.00 member at its own line")
    func mixedVersions() throws {
        let workspace = try GPUWorkspace()
        let photo = try workspace.writePNG("noise.png", noiseImage(width: 48, height: 32, seed: 9))
        try workspace.write("lift.fsh", """
            #version 300 es
            precision mediump float;
            in highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform float amount;
            out vec4 colour;
            void main() {
                vec4 read = texture(inputImageTexture, textureCoordinate);
                colour = vec4(read.rgb + amount, read.a);
            }
            """)
        try workspace.write("first.fsh", Self.brighten)
        try workspace.write("broken.fsh", Self.brighten.replacingOccurrences(of: "colour.rgb + amount", with: "colour.rgb + amount + missing"))
        func chain(last: String) throws -> Composition {
            try workspace.load("""
                nodes:
                  photo: { kind: image, file: \(photo) }
                  a: { kind: shader, filter: sepia, inputs: { inputImageTexture: photo }, uniforms: { intensity: 0.5 } }
                  b: { kind: shader, file: lift.fsh, inputs: { inputImageTexture: a }, uniforms: { amount: 0.05 } }
                  c: { kind: shader, file: \(last), inputs: { inputImageTexture: b }, uniforms: { amount: -0.1 } }
                output: c
                """)
        }
        let composition = try chain(last: "first.fsh")
        let plan = try FramePlan(composition)
        #expect(plan.passes.map { $0.pass.shader.fusedMembers.map(\.node) } == [["a", "b", "c"]])
        let shader = try #require(plan.passes.first?.pass.shader)
        #expect(shader.interface.version == .es300 && shader.vertexSource.hasPrefix("#version 300 es"))
        #expect(try render(composition, fusing: true).largestDifference(from: try render(composition, fusing: false)) <= 1)
        let broken = try chain(last: "broken.fsh")
        do {
            _ = try GraphExecutor(composition: broken)
            Issue.record("the fused program compiled")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location?.file.hasSuffix("broken.fsh") == true && diagnostic.location?.line == 6, "\(error.diagnostics)")
            #expect(diagnostic.message.contains("[node 'c']"))
        }
    }

    static let brighten = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        uniform lowp float amount;
        void main() {
            lowp vec4 colour = texture2D(inputImageTexture, textureCoordinate);
            gl_FragColor = vec4(colour.rgb + amount, colour.a);
        }
        """

    @Test("a compile error in the second shader of a fused chain is reported at that file's line and column, naming its node")
    func errorInSecondMember() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("first.fsh", Self.brighten)
        try workspace.write("second.fsh", Self.brighten.replacingOccurrences(of: "colour.rgb + amount", with: "colour.rgb + amount + missing"))
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              src: { kind: pattern }
              first: { kind: shader, file: first.fsh, inputs: { inputImageTexture: src }, uniforms: { amount: 0.1 } }
              second: { kind: shader, file: second.fsh, inputs: { inputImageTexture: first }, uniforms: { amount: 0.1 } }
            """)
        #expect(try passCount(composition) == 1)
        do {
            _ = try GraphExecutor(composition: composition)
            Issue.record("the fused program compiled")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location?.file.hasSuffix("second.fsh") == true)
            #expect(diagnostic.location?.line == 6)
            #expect(diagnostic.location?.column == 47)
            #expect(diagnostic.message.contains("missing") && !diagnostic.message.contains("sbf"))
            #expect(diagnostic.message.contains("[node 'second']"))
        }
    }

    @Test("a parameter of a fused node is set in the running program, and the picture changes")
    func tunedInPlace() throws {
        let workspace = try GPUWorkspace()
        try workspace.write("brighten.fsh", Self.brighten)
        try workspace.write("flat.fsh", "varying highp vec2 textureCoordinate;\nuniform lowp float level;\nvoid main() { gl_FragColor = vec4(vec3(level), 1.0); }\n")
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              black: { kind: shader, file: flat.fsh, uniforms: { level: 0.0 } }
              first: { kind: shader, file: brighten.fsh, inputs: { inputImageTexture: black }, uniforms: { amount: 0.25 } }
              second: { kind: shader, file: brighten.fsh, inputs: { inputImageTexture: first }, uniforms: { amount: 0.25 } }
            """)
        #expect(try passCount(composition) == 1)
        let executor = try GraphExecutor(composition: composition)
        #expect(try executor.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()[2, 2].r == 128)
        #expect(executor.setUniform("amount", of: "first", to: [0.5]))
        let tunedPixel = try executor.renderFrame(FrameTime(index: 1, fps: 30)).readPixels()[2, 2]
        // 0.5 stored as 128 levels, then 0.25 more.
        #expect(tunedPixel.r == 192, "\(tunedPixel)")
        #expect(executor.setUniform("level", of: "black", to: [0.25]))
        #expect(try executor.renderFrame(FrameTime(index: 2, fps: 30)).readPixels()[2, 2].r == 255)
    }

    /// The average reads the pattern after the brightness and before the sepia, so the pattern's pooled image was
    /// let go once the average had run, before the fused pass that reads it for the brightness drew.
    @Test("an image a fused chain's first member reads is kept until the chain draws, though a step between its members read it last")
    func inputKeptUntilDrawn() throws {
        let workspace = try GPUWorkspace()
        defer { withExtendedLifetime(workspace) {} }
        let composition = try workspace.load("""
            size: [64, 36]
            nodes:
              src: { kind: pattern }
              a: { kind: shader, filter: brightness, inputs: { inputImageTexture: src }, uniforms: { brightness: 0.1 } }
              mean: { kind: average, input: src }
              c: { kind: shader, filter: sepia, inputs: { inputImageTexture: a }, uniforms: { intensity: mean.x } }
            output: c
            """)
        let plan = try FramePlan(composition)
        #expect(plan.passes.map { $0.pass.shader.fusedMembers.map(\.node) } == [["a", "c"]])
        #expect(plan.steps[plan.step(named: "mean")!].releases.isEmpty && plan.steps[plan.step(named: "c")!].releases.contains(plan.step(named: "src")!))
        let difference = try render(composition, fusing: true).largestDifference(from: try render(composition, fusing: false))
        #expect(difference <= 1, "\(difference) levels apart")
    }

    /// Fusing takes steps out of the plan: a draw or compute node after the chain reads it by its new place.
    @Test("a draw node and a compute node that read a fused chain draw what they draw pass by pass", arguments: ["draw", "compute"])
    func readByLaterKinds(reader: String) throws {
        let workspace = try GPUWorkspace()
        defer { withExtendedLifetime(workspace) {} }
        let photo = try workspace.writePNG("noise.png", noiseImage(width: 32, height: 32, seed: 5))
        try workspace.write("show.frag", """
            precision mediump float;
            uniform sampler2D picture;
            varying vec2 v_texcoord;
            void main() { gl_FragColor = texture2D(picture, v_texcoord); }
            """)
        try workspace.write("copy.comp", """
            #version 310 es
            layout(local_size_x = 8, local_size_y = 8) in;
            uniform highp sampler2D picture;
            layout(rgba8, binding = 0) writeonly uniform highp image2D copied;
            void main() {
                ivec2 at = ivec2(gl_GlobalInvocationID.xy);
                imageStore(copied, at, texelFetch(picture, at, 0));
            }
            """)
        let last = reader == "draw"
            ? "last: { kind: draw, mesh: plane, file: show.frag, inputs: { picture: c }, camera: { position: [0, 0, 1.2] }, cull: none }"
            : "last: { kind: compute, file: copy.comp, inputs: { picture: c } }"
        let composition = try workspace.load("""
            size: [32, 32]
            nodes:
              photo: { kind: image, file: \(photo) }
              a: { kind: shader, filter: brightness, inputs: { inputImageTexture: photo }, uniforms: { brightness: 0.1 } }
              b: { kind: shader, filter: contrast, inputs: { inputImageTexture: a } }
              c: { kind: shader, filter: saturation, inputs: { inputImageTexture: b } }
              \(last)
            output: last
            """)
        #expect(try passCount(composition) == 1, "the chain is fused")
        let fused = try render(composition, fusing: true)
        let separate = try render(composition, fusing: false)
        #expect(fused.largestDifference(from: separate) <= 2, "\(fused.largestDifference(from: separate)) levels apart")
        #expect(separate.pixels.contains { $0 != 0 }, "the reader drew the chain's picture")
    }

    @Test("a member of a fused chain that is kept (shown on its own) draws its own image, as the unfused plan does")
    func memberShownOnItsOwn() throws {
        let workspace = try GPUWorkspace()
        let photo = try workspace.writePNG("noise.png", noiseImage(width: 24, height: 16, seed: 3))
        let composition = try workspace.load("""
            nodes:
              photo: { kind: image, file: \(photo) }
              a: { kind: shader, filter: sepia, inputs: { inputImageTexture: photo } }
              b: { kind: shader, filter: color-invert, inputs: { inputImageTexture: a } }
              c: { kind: shader, filter: brightness, inputs: { inputImageTexture: b }, uniforms: { brightness: 0.1 } }
            output: c
            """)
        #expect(try passCount(composition) == 1)
        let kept = try FramePlan(composition, keeping: ["b"])
        #expect(kept.passes.map { $0.pass.shader.fusedMembers.map(\.node) } == [["a", "b"], []])
        let executor = try GraphExecutor(composition: composition, keeping: ["b"])
        _ = try executor.renderFrame(FrameTime(index: 0, fps: 30))
        var alone = composition
        alone.output = "b"
        alone.fuses = false
        let separate = try GraphExecutor(composition: alone)
        #expect(try #require(executor.image(of: "b")).readPixels().largestDifference(from: try separate.renderFrame(FrameTime(index: 0, fps: 30)).readPixels()) <= 1)
    }
}

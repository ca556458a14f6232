import Testing
@testable import ShaderGraph

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

    func chains(_ nodes: String, output: String) throws -> [[String]] {
        let workspace = try Workspace()
        let composition = try workspace.load("""
            size: [64, 36]
            nodes:
              src: { kind: pattern }
            \(nodes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            output: \(output)
            """)
        let plan = try FramePlan(composition)
        return plan.fusibleChains.map { $0.map { plan.steps[$0].node.name } }
    }

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
}

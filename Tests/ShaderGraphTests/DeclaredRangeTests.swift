import Testing
@testable import ShaderGraph

/// Values set outside the range a shader declares are clamped into it, and the user is warned at the value.
@Suite("Values outside a parameter's declared range")
struct DeclaredRangeTests {
    let annotated = """
        uniform lowp float intensity;   // default: 1, range: 0...1
        uniform lowp vec3 tint;         // default: [1, 0.9, 0.7], range: 0...2
        uniform lowp vec2 offset;       // range: [-1, 0]...[1, 0.5]
        """

    func literal(_ composition: Composition, _ node: String, _ uniform: String) -> [Float]? {
        guard case .shader(let pass) = composition.node(named: node)?.kind,
              case .literal(let values, _)? = pass.uniforms[uniform] else { return nil }
        return values
    }

    @Test("a composition's value above the range is clamped, with a warning at the value quoting its line")
    func compositionValueAbove() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: annotated)
        let path = try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src }, uniforms: { intensity: 1.5, tint: [1, 2.5, -1] } }
            """)
        let composition = try CompositionLoader.load(path: path)
        #expect(literal(composition, "fx", "intensity") == [1])
        #expect(literal(composition, "fx", "tint") == [1, 2, 0])
        #expect(composition.warnings.coded == ["3:95 SB2011", "3:106 SB2011"])
        #expect(composition.warnings.allSatisfy { $0.severity == .warning && $0.location?.file == path })
        #expect(composition.warnings.first?.sourceLine?.contains("intensity: 1.5") == true)
    }

    @Test("a range with one bound per component clamps each component to its own")
    func perComponentRange() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: annotated)
        let path = try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src }, uniforms: { offset: [-2, 0.75] } }
            """)
        let composition = try CompositionLoader.load(path: path)
        #expect(literal(composition, "fx", "offset") == [-1, 0.5])
        #expect(composition.warnings.map(\.message) == ["'offset' is [-2, 0.75], outside the range [-1, 0]...[1, 0.5] that s.fsh declares; [-1, 0.5] is used"])
    }

    @Test("values inside the range, and parameters that declare none, are left alone without a word")
    func insideTheRange() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: annotated + "\nuniform float free;")
        let path = try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src }, uniforms: { intensity: 0.5, free: 100 } }
            """)
        let composition = try CompositionLoader.load(path: path)
        #expect(composition.warnings.isEmpty)
        #expect(literal(composition, "fx", "intensity") == [0.5])
        #expect(literal(composition, "fx", "free") == [100])
    }

    @Test("an ISF input's MIN and MAX are its range")
    func isfRange() throws {
        let workspace = try Workspace()
        let shader = try workspace.write("tint.fs", """
            /*{
                "INPUTS": [
                    { "NAME": "inputImage", "TYPE": "image" },
                    { "NAME": "amount", "TYPE": "float", "DEFAULT": 0.5, "MIN": 0.0, "MAX": 1.0 }
                ]
            }*/
            void main() { gl_FragColor = IMG_THIS_PIXEL(inputImage) * amount; }
            """)
        let path = try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: \(shader), inputs: { inputImage: src }, uniforms: { amount: -0.5 } }
            """)
        let composition = try CompositionLoader.load(path: path)
        #expect(literal(composition, "fx", "amount") == [0])
        #expect(composition.warnings.map(\.message) == ["'amount' is -0.5, outside the range 0...1 that tint.fs declares; 0 is used"])
    }

    @Test("a --set value outside the range is clamped, with a warning that names the option as typed")
    func setValue() throws {
        let workspace = try Workspace()
        let path = try workspace.shader("s.fsh", uniforms: annotated)
        let composition = try CompositionOpener.open(path: path, overrides: [try #require(ParameterOverride(parsing: "intensity=4"))])
        #expect(literal(composition, "s", "intensity") == [1])
        #expect(composition.warnings.map { "\($0.location?.description ?? "-") \($0.severity) \($0.code?.description ?? "-")" }
            == ["--set intensity=4 warning SB2011"])
    }

    @Test("a --set value of nan or inf is an error naming the option, and the composition keeps its value")
    func nonFiniteSetValue() throws {
        let workspace = try Workspace()
        let path = try workspace.shader("s.fsh", uniforms: annotated)
        for text in ["intensity=nan", "intensity=inf", "intensity=-inf"] {
            let override = try #require(ParameterOverride(parsing: text))
            do {
                _ = try CompositionOpener.open(path: path, overrides: [override])
                Issue.record("--set \(text) was taken")
            } catch {
                let problem = try #require(error.diagnostics.first)
                #expect(problem.location?.description == "--set \(text)")
                #expect(problem.code == .nonFiniteValue)
                #expect(problem.message.contains("is not a number a parameter can take"), "\(problem.message)")
            }
        }
    }
}


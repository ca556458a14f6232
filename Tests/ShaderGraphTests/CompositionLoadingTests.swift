import Testing
@testable import ShaderGraph
import ShaderLanguage

@Suite("Loading compositions")
struct CompositionLoadingTests {
    @Test("a valid composition loads into the typed model")
    func loadsValidComposition() throws {
        let workspace = try Workspace()
        try workspace.shader("shaders/tint.fsh", uniforms: "uniform lowp vec3 tint;\nuniform float amount;")
        try workspace.write("images/a.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        let path = try workspace.write("c/comp.yaml", """
            composition: 1
            size: [320, 200]
            nodes:
              photo: { kind: image, file: ../images/a.png }
              level: { kind: constant, value: 0.5 }
              tint:
                kind: shader
                file: ../shaders/tint.fsh
                inputs: { inputImageTexture: photo }
                uniforms: { tint: [1, 0.5, 0.25], amount: level }
            output: tint
            publish: [tint.tint]
            """)
        let composition = try CompositionLoader.load(path: path)
        #expect(composition.size == PixelSize(width: 320, height: 200))
        #expect(composition.nodes.map(\.name) == ["photo", "level", "tint"])
        #expect(composition.output == "tint")
        #expect(composition.liveSource == "photo")
        #expect(composition.published.map(\.description) == ["tint.tint"])
        guard case .shader(let pass) = composition.node(named: "tint")?.kind else {
            Issue.record("tint is not a shader node")
            return
        }
        #expect(pass.file == workspace.path("shaders/tint.fsh"))
        #expect(pass.inputs["inputImageTexture"]?.node == "photo")
        guard case .literal(let values, _) = pass.uniforms["tint"], case .wire(let wire) = pass.uniforms["amount"] else {
            Issue.record("uniform settings were not read")
            return
        }
        #expect(values == [1, 0.5, 0.25])
        #expect(wire.node == "level")
        #expect(composition.files == [path, workspace.path("images/a.png"), workspace.path("shaders/tint.fsh"), workspace.path("shaders/tint.vsh")])
    }

    @Test("JSON compositions load too")
    func loadsJSON() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let path = try workspace.write("c.json", """
            {"composition": 1, "nodes": {"src": {"kind": "pattern", "size": [64, 48]},
              "out": {"kind": "shader", "file": "s.fsh", "inputs": {"inputImageTexture": "src"}}},
             "output": "out"}
            """)
        let composition = try CompositionLoader.load(path: path)
        #expect(composition.nodes.map(\.name) == ["src", "out"])
    }

    @Test("the output defaults to the last node that makes an image")
    func outputDefaultsToLastImageNode() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let path = try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src } }
              clock: { kind: time }
            """)
        #expect(try CompositionLoader.load(path: path).output == "fx")
    }

    @Test("a YAML syntax error is located")
    func yamlSyntaxError() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            nodes:
              src: { kind: pattern
              fx: 3
            """)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasPrefix("YAML syntax error") == true)
        #expect(diagnostics.first?.location?.line == 3)
    }

    @Test("an empty composition is an error at its first line")
    func emptyComposition() throws {
        let workspace = try Workspace()
        #expect(try workspace.diagnostics("\n  \n").coded == ["1:1 SB1003"])
        #expect(try workspace.diagnostics("# only a comment\n").coded == ["1:1 SB1003"])
    }

    @Test("an unknown node kind is located at the kind, with a suggestion")
    func unknownKind() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            nodes:
              src:
                kind: patern
            """)
        #expect(diagnostics.positioned == ["3:11 unknown node kind 'patern'; did you mean 'pattern'?"])
    }

    @Test("unknown keys are located at the key, at top level and in nodes")
    func unknownKeys() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            nodes:
              src:
                kind: pattern
                colour: red
            outptu: src
            """)
        #expect(diagnostics.coded == ["4:5 SB1002", "5:1 SB1002"])
        #expect(diagnostics.last?.message.hasSuffix("did you mean 'output'?") == true)
    }

    @Test("duplicate node names point at the repeat and the first definition")
    func duplicateNames() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            nodes:
              src: { kind: pattern }
              other: { kind: pattern }
              src: { kind: time }
            """)
        #expect(diagnostics.positioned == ["4:3 duplicate key 'src': each name may appear only once"])
        #expect(diagnostics.first?.notes.first?.location?.line == 2)
    }

    @Test("a duplicate key in a file whose lines end in lone carriage returns is reported, not crashed on")
    func duplicateNamesAfterCarriageReturns() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("nodes:\r  src: { kind: pattern }\r  src: { kind: time }\r")
        #expect(diagnostics.count == 1 && diagnostics[0].message.hasPrefix("duplicate key 'src'"), "\(diagnostics)")
        _ = diagnostics.map { $0.rendered() }
    }

    @Test("references to nodes that do not exist are located at the reference")
    func unknownNodeReferences() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: "uniform float amount;")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              source: { kind: pattern }
              fx:
                kind: shader
                file: s.fsh
                inputs: { inputImageTexture: sorce }
                uniforms: { amount: level.x }
            output: fxx
            """)
        #expect(diagnostics.positioned == [
            "6:34 no node named 'sorce'; did you mean 'source'?",
            "7:25 no node named 'level'",
            "8:9 'output': no node named 'fxx'; did you mean 'fx'?",
        ])
    }

    @Test("inputs and uniforms the shader does not declare are located at their key")
    func undeclaredInputsAndUniforms() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: "uniform float amount;")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              source: { kind: pattern }
              fx:
                kind: shader
                file: s.fsh
                inputs: { inputImageTexture: source, inputImageTexture2: source }
                uniforms: { amout: 1.0 }
            """)
        #expect(diagnostics.positioned == [
            "6:42 s.fsh has no image input 'inputImageTexture2'; did you mean 'inputImageTexture'?",
            "7:17 s.fsh has no uniform 'amout'; did you mean 'amount'?",
        ].map { $0.replacingOccurrences(of: "s.fsh", with: workspace.path("s.fsh")) })
    }

    @Test("previous: names image inputs that read a shader node, and flip is true or false; each mistake is located")
    func previousFrameMistakes() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              source: { kind: pattern }
              a: { kind: shader, file: s.fsh, inputs: { inputImageTexture: source }, previous: [inputImageTextur] }
              b: { kind: shader, file: s.fsh, inputs: { inputImageTexture: source }, previous: [inputImageTexture] }
              c: { kind: shader, file: s.fsh, previous: [inputImageTexture] }
              d: { kind: shader, file: s.fsh, inputs: { inputImageTexture: a }, previous: inputImageTexture }
              e: { kind: shader, file: s.fsh, inputs: { inputImageTexture: a }, sampling: { inputImageTexture: { flip: upside } } }
            """)
        #expect(diagnostics.coded == ["3:85 SB2005", "4:85 SB2008", "5:3 SB2004", "6:79 SB1004", "7:108 SB1004"])
    }

    @Test("a blur's layout, length and step are errors where they are written")
    func blurMistakes() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        for (name, length) in [("even", "4"), ("odd", "5"), ("unknown", "SAMPLES")] {
            try workspace.write("\(name).fsh", """
                uniform sampler2D inputImageTexture;
                varying highp vec2 blurCoordinates[\(length)];
                void main() { gl_FragColor = texture2D(inputImageTexture, blurCoordinates[0]); }
                """)
        }
        let diagnostics = try workspace.diagnostics("""
            nodes:
              source: { kind: pattern }
              level: { kind: constant, value: [1] }
              a: { kind: shader, file: even.fsh, inputs: { inputImageTexture: source }, blur: box }
              b: { kind: shader, file: s.fsh, inputs: { inputImageTexture: source }, blur: box }
              c: { kind: shader, file: odd.fsh, inputs: { inputImageTexture: source }, blur: { gaussian: -1 } }
              d: { kind: shader, file: odd.fsh, inputs: { inputImageTexture: source }, blur: sideways }
              e: { kind: shader, file: odd.fsh, inputs: { inputImageTexture: source }, uniforms: { texelHeightOffset: level, texelWidthOffset: [1, 2] } }
              f: { kind: shader, file: unknown.fsh, inputs: { inputImageTexture: source } }
            output: f
            """)
        #expect(diagnostics.coded == ["4:83 SB1008", "5:80 SB1008", "6:94 SB1004", "7:82 SB1004", "8:107 SB2007", "8:132 SB2007", "2:20 SB3006"])
        #expect(diagnostics.first?.message.hasSuffix("they need an odd number of blurCoordinates, and \(workspace.path("even.fsh")) reads 4") == true)
    }

    @Test("a sampler with nothing wired to it is an error at the node")
    func unwiredSampler() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              fx: { kind: shader, file: s.fsh }
            """)
        #expect(diagnostics.positioned == [
            "2:3 node 'fx': \(workspace.path("s.fsh")) samples 'inputImageTexture', but nothing is wired to it; add it under 'inputs:'",
        ])
    }

    @Test("a value wired into an image input, and an image into a uniform, are errors")
    func imageValueMismatch() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: "uniform vec3 tint;")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              source: { kind: pattern }
              level: { kind: constant, value: [1, 2, 3] }
              fx:
                kind: shader
                file: s.fsh
                inputs: { inputImageTexture: level }
                uniforms: { tint: source }
            """)
        #expect(diagnostics.positioned == [
            "7:34 'level' makes a 3-component value, but 'inputImageTexture' is an image input; wire values into uniforms",
            "8:23 'source' makes an image, but 'tint' is a vec3 uniform; wire images under 'inputs:'",
        ])
    }

    @Test("wrong value types and arity are located at the value")
    func wrongTypesAndArity() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: """
            uniform vec3 tint;
            uniform int steps;
            uniform bool enabled;
            uniform vec2 centre;
            uniform float weights[3];
            uniform mat3 matrix;
            """)
        let diagnostics = try workspace.diagnostics("""
            nodes:
              source: { kind: pattern }
              pair: { kind: constant, value: [0.1, 0.2] }
              fx:
                kind: shader
                file: s.fsh
                inputs: { inputImageTexture: source }
                uniforms:
                  tint: [1, 0]
                  steps: 2.5
                  enabled: 3
                  centre: pair.xyz
                  weights: [1, 2, 3]
                  matrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
            """)
        #expect(diagnostics.positioned == [
            "9:13 'tint' is vec3 and needs 3 numbers, found 2",
            "10:14 'steps' is int and needs whole numbers",
            "11:16 'enabled' is bool and needs true or false",
            "12:15 'pair' has 2 components; component 3 does not exist",
        ])
    }

    @Test("a wire carrying the wrong number of components is an error")
    func wireArity() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: "uniform vec3 tint;")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              source: { kind: pattern }
              colour: { kind: constant, value: [1, 0, 0, 1] }
              fx:
                kind: shader
                file: s.fsh
                inputs: { inputImageTexture: source }
                uniforms: { tint: colour }
            """)
        #expect(diagnostics.positioned == ["8:23 'tint' is vec3 and needs 3 components, but the wire carries 4"])
    }

    @Test("a cycle is reported with its whole path")
    func cycle() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let diagnostics = try workspace.diagnostics("""
            nodes:
              a: { kind: shader, file: s.fsh, inputs: { inputImageTexture: c } }
              b: { kind: shader, file: s.fsh, inputs: { inputImageTexture: a } }
              c: { kind: shader, file: s.fsh, inputs: { inputImageTexture: b } }
            output: c
            """)
        #expect(diagnostics.coded == ["3:64 SB2010"])
        #expect(diagnostics.first?.message.contains("a → c → b → a") == true)
    }

    @Test("missing shader and image files are located at their file: value")
    func missingFiles() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            nodes:
              photo: { kind: image, file: missing.png }
              fx: { kind: shader, file: ../nowhere/fx.fsh, inputs: { inputImageTexture: photo } }
            """, file: "c/comp.yaml")
        #expect(diagnostics.coded == ["2:31 SB1005", "3:29 SB1005"])
        #expect(diagnostics.first?.message.hasPrefix("\(workspace.path("c/missing.png")): no such file") == true)
    }

    @Test("a composition that is not there, or is a folder, is a clear error")
    func missingComposition() throws {
        let workspace = try Workspace()
        #expect(throws: DiagnosticsError.self) { try CompositionLoader.load(path: workspace.path("none.yaml")) }
        do {
            _ = try CompositionLoader.load(path: workspace.root)
        } catch {
            #expect(error.diagnostics.first?.code == .unreadableFile)
            #expect(error.diagnostics.first?.message == "\(workspace.root): is not a regular file")
        }
    }

    @Test("a huge composition is refused before it is parsed")
    func hugeComposition() throws {
        let workspace = try Workspace()
        let path = try workspace.write("big.yaml", String(repeating: "# padding line\n", count: 400_000))
        do {
            _ = try CompositionLoader.load(path: path)
            Issue.record("a 6 MB composition loaded")
        } catch {
            #expect(error.diagnostics.first?.code == .unreadableFile)
            #expect(error.diagnostics.first?.message.contains("more than the 4 MiB") == true)
        }
    }

    @Test("a shader that is not UTF-8 is located at the first bad byte")
    func nonUTF8Shader() throws {
        let workspace = try Workspace()
        try workspace.write("s.fsh", bytes: Array("void main() {\n  gl_FragColor = vec4(1.0); // caf".utf8) + [0xE9] + Array(" \n}\n".utf8))
        let diagnostics = try workspace.diagnostics("""
            nodes:
              fx: { kind: shader, file: s.fsh }
            """)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == SourceLocation(file: workspace.path("s.fsh"), line: 2, column: 35))
        #expect(diagnostics.first?.code == .unreadableFile)
        #expect(diagnostics.first?.message == "the file is not valid UTF-8 text (byte 0xE9)")
    }

    @Test("a #version that is no GLSL's is located in the shader")
    func unknownVersion() throws {
        let workspace = try Workspace()
        try workspace.write("s.fsh", "// edge filter\n#version 300\nvoid main() {}\n")
        let diagnostics = try workspace.diagnostics("nodes:\n  fx: { kind: shader, file: s.fsh }\n")
        #expect(diagnostics.first?.location == SourceLocation(file: workspace.path("s.fsh"), line: 2, column: 1))
    }

    @Test("every problem is reported at once, in file order")
    func reportsEverything() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("""
            size: [0, 10]
            nodes:
              a: { kind: nope }
              b: { kind: image }
            publish: [b]
            """)
        #expect(diagnostics.coded == ["1:8 SB1004", "3:14 SB2001", "4:3 SB1007", "5:11 SB1004"])
    }

    @Test("a size over the budget of one target is refused at the size, saying what is allowed")
    func sizeOverBudget() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let diagnostics = try workspace.diagnostics("""
            size: [16384, 16384]
            nodes:
              bars: { kind: pattern, size: [8192, 8193] }
            """)
        #expect(diagnostics.coded == ["1:7 SB1004", "3:32 SB1004"])
        #expect(diagnostics.first?.message == "'size' 16384×16384 is more than 64 megapixels, the most one target may have (8192×8192, say)")
        #expect((try? PixelSize(parsing: "8192x8192")) != nil && (try? PixelSize(parsing: "16384x8192")) == nil)
    }

    @Test("diagnostics render as file:line:col with the source line and a caret")
    func renderedForm() throws {
        let workspace = try Workspace()
        let diagnostics = try workspace.diagnostics("nodes:\n  src:\n    kind: patern\n")
        #expect(diagnostics.first?.rendered() == """
            \(workspace.path("c.yaml")):3:11: error: unknown node kind 'patern'; did you mean 'pattern'? [SB2001]
                    kind: patern
                          ^
            """)
    }
}

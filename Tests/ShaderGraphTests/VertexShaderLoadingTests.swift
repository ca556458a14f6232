import Testing
@testable import ShaderGraph
import ShaderLanguage

/// A GLSL shader's own vertex stage: the `.vsh` beside it or the file its node names, read with it.
@Suite("Loading vertex shaders of the user's")
struct VertexShaderLoadingTests {
    static let vertex = """
        attribute vec4 position;
        attribute vec4 inputTextureCoordinate;
        uniform highp float sharpness;   // default: 0.5, range: 0...4
        uniform highp float texelWidth;
        varying vec2 textureCoordinate;
        void main() { gl_Position = position; textureCoordinate = inputTextureCoordinate.xy * sharpness; }
        """

    @Test("the .vsh beside a shader is its vertex stage, and its uniforms are the shader's parameters, located in it")
    func besideTheShader() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh", uniforms: "uniform highp float texelWidth;")
        try workspace.write("s.vsh", Self.vertex)
        let interface = try ShaderInterface.read(try UserFile.readText(path: workspace.path("s.fsh")))
        #expect(interface.vertexShader?.path == workspace.path("s.vsh"))
        let sharpness = try #require(interface.uniform(named: "sharpness"))
        #expect(sharpness.file == workspace.path("s.vsh") && sharpness.line == 3)
        #expect(sharpness.annotation?.defaultValue == [0.5])
        // Declared by both stages, it is one uniform: the fragment shader's.
        #expect(interface.uniforms.filter { $0.name == "texelWidth" }.map(\.file) == [nil])
        #expect(interface.parameters.map(\.name) == ["sharpness"])
    }

    @Test("a lone shader publishes its vertex shader's parameters too, located where that file declares them")
    func loneShaderPublishesVertexParameters() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        try workspace.write("s.vsh", Self.vertex)
        let composition = try CompositionOpener.open(path: workspace.path("s.fsh"))
        let sharpness = try #require(composition.published.first { $0.uniform == "sharpness" })
        #expect(sharpness.location == SourceLocation(file: workspace.path("s.vsh"), line: 3, column: 21))
    }

    @Test("a node's vertex: names its vertex shader; the composition follows it, and a shader's conventional .vsh even before it exists")
    func namedByTheNodeAndWatched() throws {
        let workspace = try Workspace()
        try workspace.shader("a.fsh")
        try workspace.shader("b.fsh")
        try workspace.write("stages/own.vsh", Self.vertex)
        let composition = try CompositionLoader.load(path: try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              a: { kind: shader, file: a.fsh, vertex: stages/own.vsh, inputs: { inputImageTexture: src } }
              b: { kind: shader, file: b.fsh, inputs: { inputImageTexture: a } }
            """))
        guard case .shader(let a)? = composition.node(named: "a")?.kind else { Issue.record("no shader a"); return }
        #expect(a.interface.vertexShader?.path == workspace.path("stages/own.vsh"))
        #expect(composition.files.contains(workspace.path("stages/own.vsh")))
        #expect(composition.files.contains(workspace.path("b.vsh")))
        #expect(!composition.files.contains(workspace.path("a.vsh")))
    }

    @Test("an ISF shader that reads a varying without its .vs beside it is told that file is missing, at the varying")
    func isfWithoutItsVertexShader() throws {
        let workspace = try Workspace()
        try workspace.write("Edges.fs", """
            /*{ "INPUTS": [ { "NAME": "amount", "TYPE": "float" } ] }*/
            varying vec2 left_coord;
            void main() { gl_FragColor = vec4(left_coord * amount, 0.0, 1.0); }
            """)
        let diagnostics = try workspace.diagnostics("nodes:\n  edges: { kind: shader, file: Edges.fs }\n")
        #expect(diagnostics.coded == ["2:14 SB3006"])
        #expect(diagnostics.first?.message.hasSuffix("the vertex shader beside it, Edges.vs, which is not there") == true)
        #expect(diagnostics.first?.location == SourceLocation(file: workspace.path("Edges.fs"), line: 2, column: 14))
        try workspace.write("Edges.vs", "varying vec2 left_coord;\nvoid main() { isf_vertShaderInit(); left_coord = isf_FragNormCoord; }\n")
        #expect(try workspace.diagnostics("nodes:\n  edges: { kind: shader, file: Edges.fs }\n").isEmpty)
    }

    @Test("vertex: naming a missing file, or given to an ISF shader, is an error at the key's value")
    func mistakes() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        try workspace.write("i.fs", """
            /*{ "INPUTS": [ { "NAME": "inputImage", "TYPE": "image" } ] }*/
            void main() { gl_FragColor = IMG_THIS_PIXEL(inputImage); }
            """)
        try workspace.write("own.vsh", Self.vertex)
        let diagnostics = try workspace.diagnostics("""
            nodes:
              src: { kind: pattern }
              a: { kind: shader, file: s.fsh, vertex: missing.vsh, inputs: { inputImageTexture: src } }
              b: { kind: shader, file: i.fs, vertex: own.vsh, inputs: { inputImage: src } }
            output: src
            """)
        #expect(diagnostics.coded == ["3:43 SB1005", "4:42 SB1008"])
    }
}

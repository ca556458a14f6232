import Testing
@testable import ShaderGraph
import ShaderLanguage

@Suite("Opening what the command line names")
struct CompositionOpenerTests {
    @Test("a lone shader becomes a pattern-fed one-node composition")
    func loneShader() throws {
        let workspace = try Workspace()
        let path = try workspace.shader("glow.frag")
        let composition = try CompositionOpener.open(path: path)
        #expect(composition.nodes.map(\.name) == ["input", "glow"])
        #expect(composition.output == "glow")
        #expect(composition.liveSource == "input")
        guard case .pattern = composition.nodes[0].kind else {
            Issue.record("the live source is not the pattern")
            return
        }
    }

    @Test("a lone generator shader has no live source")
    func generator() throws {
        let workspace = try Workspace()
        let path = try workspace.write("gen.glsl", "void main() { gl_FragColor = vec4(1.0); }")
        let composition = try CompositionOpener.open(path: path)
        #expect(composition.nodes.map(\.name) == ["gen"])
        #expect(composition.liveSource == nil)
    }

    @Test("--input replaces the composition's live source, keeping its name and wiring")
    func inputReplacesLiveSource() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let image = try workspace.write("other.png", bytes: [0x89, 0x50])
        let path = try workspace.write("c.yaml", """
            nodes:
              camera: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: camera } }
            """)
        let composition = try CompositionOpener.open(path: path, input: .image(path: image))
        guard case .image(let source) = composition.node(named: "camera")?.kind else {
            Issue.record("the live source was not replaced")
            return
        }
        #expect(source.file == image)
    }

    @Test("--input with a missing image is an error naming it")
    func missingInput() throws {
        let workspace = try Workspace()
        let path = try workspace.shader("s.fsh")
        #expect(throws: DiagnosticsError.self) { try CompositionOpener.open(path: path, input: .image(path: workspace.path("none.png"))) }
    }

    @Test("an error about --input names the option and the value as typed, not a pseudo-file --input:1:1")
    func inputErrorNamesTheOption() throws {
        let workspace = try Workspace()
        let path = try workspace.shader("s.fsh")
        let missing = workspace.path("none.png")
        do {
            _ = try CompositionOpener.open(path: path, input: .image(path: missing))
            Issue.record("opened")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["--input \(missing): error: no such file [SB1005]"])
        }
    }

    @Test("--input on a composition with no image source to replace is a warning, and the composition opens as it is")
    func inputWithNothingToReplace() throws {
        let workspace = try Workspace()
        try workspace.write("gen.glsl", "void main() { gl_FragColor = vec4(1.0); }")
        let path = try workspace.write("c.yaml", "nodes:\n  gen: { kind: shader, file: gen.glsl }\n")
        let image = try workspace.write("photo.png", bytes: [0x89, 0x50])
        let composition = try CompositionOpener.open(path: path, input: .image(path: image))
        #expect(composition.nodes.map(\.name) == ["gen"])
        #expect(composition.warnings.map { "\($0.location?.description ?? "-") \($0.severity) \($0.code?.description ?? "-")" }
            == ["--input \(image) warning SB2003"])
    }

    @Test("a bad --input and a bad --set are reported together with the composition's own problems")
    func everyProblemAtOnce() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let path = try workspace.write("c.yaml", """
            nodes:
              src: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src } }
            publish: [fx.nothing]
            """)
        let missing = workspace.path("none.png")
        do {
            _ = try CompositionOpener.open(path: path, input: .image(path: missing))
            Issue.record("opened")
        } catch {
            #expect(error.diagnostics.map { "\($0.location?.description ?? "-") \($0.code?.description ?? "-")" }
                    == ["\(path):4:11 SB2005", "--input \(missing) SB1005"])
        }
        let good = try workspace.write("good.yaml", "nodes:\n  src: { kind: pattern }\n  fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: src } }\n")
        let unpublished = try #require(ParameterOverride(parsing: "gain=1"))
        do {
            _ = try CompositionOpener.open(path: good, input: .image(path: missing), overrides: [unpublished])
            Issue.record("opened")
        } catch {
            #expect(error.diagnostics.map { "\($0.location?.description ?? "-") \($0.code?.description ?? "-")" }
                    == ["--input \(missing) SB1005", "--set gain=1 SB2005"])
        }
    }

    @Test("'live:' picks which source --input replaces")
    func liveKey() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let path = try workspace.write("c.yaml", """
            nodes:
              first: { kind: pattern }
              second: { kind: pattern }
              fx: { kind: shader, file: s.fsh, inputs: { inputImageTexture: second } }
            live: second
            """)
        #expect(try CompositionLoader.load(path: path).liveSource == "second")
    }
}

@Suite("Files a composition names")
struct ReferencedFilesTests {
    @Test("a composition that does not load still names its files, missing ones included, and the vertex shaders that may sit beside its shaders")
    func brokenComposition() throws {
        let workspace = try Workspace()
        let path = try workspace.write("c/comp.yaml", """
            nodes:
              photo: { kind: imagee, file: ../images/a.png }
              fx: { kind: shader, file: fx.fsh, inputs: { inputImageTexture: photo } }
              gx: { kind: shader, file: gx.fsh, vertex: stages/gx.vsh, inputs: { inputImageTexture: photo } }
            """)
        #expect(ReferencedFiles.of(compositionAt: path) == [
            path, workspace.path("images/a.png"), workspace.path("c/fx.fsh"), workspace.path("c/fx.vsh"), workspace.path("c/fx.vs"),
            workspace.path("c/gx.fsh"), workspace.path("c/gx.vsh"), workspace.path("c/gx.vs"), workspace.path("c/stages/gx.vsh"),
        ])
    }

    @Test("a ShaderToy pass's Common code is watched with it")
    func commonCode() throws {
        let workspace = try Workspace()
        let path = try workspace.write("c/page.yaml", """
            nodes:
              image: { kind: shader, file: image.frag, common: shared/common.glsl }
            """)
        #expect(ReferencedFiles.of(compositionAt: path).contains(workspace.path("c/shared/common.glsl")))
    }

    @Test("a draw node's model files are watched, alone or in a list, and the built-in meshes name none")
    func models() throws {
        let workspace = try Workspace()
        let path = try workspace.write("c/scene.yaml", """
            nodes:
              one: { kind: draw, mesh: head.ply }
              several: { kind: draw, mesh: [cube, models/tail.glb] }
            """)
        let files = ReferencedFiles.of(compositionAt: path)
        #expect(files.contains(workspace.path("c/head.ply")) && files.contains(workspace.path("c/models/tail.glb")), "\(files)")
        #expect(!files.contains { $0.hasSuffix("/cube") }, "\(files)")
    }

    @Test("YAML that does not parse names only the composition")
    func unparsable() throws {
        let workspace = try Workspace()
        let path = try workspace.write("c.yaml", "nodes: [unclosed\n")
        #expect(ReferencedFiles.of(compositionAt: path) == [path])
    }
}

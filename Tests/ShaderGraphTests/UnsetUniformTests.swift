import Testing
@testable import ShaderGraph
import ShaderLanguage

/// A uniform nothing sets is a warning at its declaration, saying whose it seems to be, so a black picture is
/// never the first sign of it.
@Suite("Uniforms nothing sets")
struct UnsetUniformTests {
    /// The warnings of `composition` (a node `look` of `look.fsh` holding `shader`), as every command opens it.
    func warnings(shader: String, composition: String = "nodes:\n  look: { kind: shader, file: look.fsh }\n") throws -> [Diagnostic] {
        let workspace = try Workspace()
        try workspace.write("look.fsh", shader)
        return try CompositionOpener.open(path: workspace.write("c.yaml", composition)).warnings
    }

    @Test("a uniform no composition value, parameter, default or host sets is a warning at its declaration")
    func unset() throws {
        let found = try warnings(shader: "uniform float amount;\nvoid main() { gl_FragColor = vec4(amount); }\n")
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(warning.severity == .warning)
        #expect(warning.location.map { [$0.line, $0.column] } == [1, 15])
        #expect(warning.location?.file.hasSuffix("look.fsh") == true)
        #expect(warning.message.hasPrefix("nothing sets uniform 'amount', so it stays 0"), "\(warning.message)")
    }

    @Test("a value in the composition, a published parameter and a declared default each set it")
    func set() throws {
        let shader = "uniform float amount;\nuniform float level; // default: 0.5\nvoid main() { gl_FragColor = vec4(amount * level); }\n"
        #expect(try warnings(shader: shader, composition: "nodes:\n  look: { kind: shader, file: look.fsh, uniforms: { amount: 1 } }\n").isEmpty)
        #expect(try warnings(shader: shader, composition: "nodes:\n  look: { kind: shader, file: look.fsh }\npublish: [look.amount]\n").isEmpty)
    }

    @Test("a shader opened on its own publishes every parameter, so only a host's name is said there")
    func loneShader() throws {
        let workspace = try Workspace()
        let plain = try workspace.write("plain.fsh", "uniform float amount;\nvoid main() { gl_FragColor = vec4(amount); }\n")
        #expect(try CompositionOpener.open(path: plain).warnings.isEmpty)
        let toy = try workspace.write("toy.fsh", "uniform vec3 iResolution;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.xy / iResolution.xy, 0.0, 1.0); }\n")
        let found = try CompositionOpener.open(path: toy).warnings
        #expect(found.map(\.message) == ["nothing sets uniform 'iResolution', so it stays 0: 'iResolution' is ShaderToy's, which sets it for a shader that defines mainImage(out vec4 fragColor, in vec2 fragCoord) and no main [node 'toy']"])
    }

    @Test("a near miss of a host's name says which it seems to be")
    func nearMiss() throws {
        let found = try warnings(shader: "uniform vec2 u_resoluton;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.xy / u_resoluton, 0.0, 1.0); }\n")
        #expect(found.first?.message.contains("did you mean glslViewer's 'u_resolution'?") == true, "\(found)")
        let isf = try warnings(shader: "uniform float TIEM;\nvoid main() { gl_FragColor = vec4(TIEM); }\n")
        #expect(isf.first?.message.contains("did you mean ISF's 'TIME'?") == true, "\(isf)")
    }

    @Test("what a dialect's host sets, and image inputs, are never said")
    func hostSets() throws {
        #expect(try warnings(shader: "uniform vec2 u_resolution;\nuniform float u_time;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.xy / u_resolution, u_time, 1.0); }\n").isEmpty)
        #expect(try warnings(shader: "uniform vec2 resolution;\nuniform float time;\nuniform vec2 mouse;\nvoid main() { gl_FragColor = vec4(mouse, time, 1.0); }\n").isEmpty)
    }

    @Test("a declaration shared by the passes glslViewer draws from one file is said once, and published for all when published for one")
    func glslViewerPasses() throws {
        let shader = "uniform sampler2D u_buffer0;\nuniform vec2 u_resolution;\nuniform float amount;\nvoid main() { gl_FragColor = texture2D(u_buffer0, gl_FragCoord.xy / u_resolution) * amount; }\n"
        #expect(try warnings(shader: shader).count == 1)
        #expect(try warnings(shader: shader, composition: "nodes:\n  look: { kind: shader, file: look.fsh }\npublish: [look.amount]\n").isEmpty)
    }
}

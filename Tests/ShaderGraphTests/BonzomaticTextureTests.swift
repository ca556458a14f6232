import Testing
@testable import ShaderGraph
import ShaderLanguage

/// Bonzomatic's default textures: a Bonzomatic shader's unwired `texNoise` and `texChecker` read pattern nodes
/// that draw them, in a composition and opened on its own; what a composition wires itself stays.
@Suite("Bonzomatic's default textures")
struct BonzomaticTextureTests {
    static let shader = """
        #version 410 core
        uniform float fGlobalTime;
        uniform sampler2D texNoise;
        uniform sampler2D texChecker;
        uniform sampler2D texTex1;
        layout(location = 0) out vec4 out_color;
        void main(void) { out_color = texture(texNoise, vec2(0.5)) + texture(texChecker, vec2(0.5)) + texture(texTex1, vec2(0.5)); }
        """

    func pattern(_ node: Node?) -> PatternSource? {
        if case .pattern(let pattern)? = node?.kind { pattern } else { nil }
    }

    @Test("in a composition, the unwired ones get a 256 × 256 pattern node each; a wired one keeps its wire")
    func inComposition() throws {
        let workspace = try Workspace()
        try workspace.write("bonzo.glsl", Self.shader)
        let composition = try workspace.load("""
            nodes:
              photo: { kind: pattern }
              live: { kind: shader, file: bonzo.glsl, inputs: { texTex1: photo, texChecker: photo } }
            """)
        #expect(pattern(composition.node(named: "bonzomatic-noise"))?.picture == .noise)
        #expect(pattern(composition.node(named: "bonzomatic-noise"))?.size == PixelSize(width: 256, height: 256))
        #expect(composition.node(named: "bonzomatic-checker") == nil)
        guard case .shader(let pass)? = composition.node(named: "live")?.kind else { Issue.record("no shader"); return }
        #expect(pass.inputs["texNoise"]?.node == "bonzomatic-noise" && pass.inputs["texChecker"]?.node == "photo")
        #expect(composition.liveSource == "photo", "the composition's own source stays the live one")
    }

    @Test("opened on its own, the live source feeds the first other image input")
    func onItsOwn() throws {
        let workspace = try Workspace()
        let path = try workspace.write("bonzo.glsl", Self.shader)
        let composition = try CompositionOpener.open(path: path)
        guard case .shader(let pass)? = composition.node(named: composition.output)?.kind else { Issue.record("no shader"); return }
        #expect(pass.inputs["texNoise"]?.node == "bonzomatic-noise" && pass.inputs["texChecker"]?.node == "bonzomatic-checker")
        #expect(pass.inputs["texTex1"]?.node == composition.liveSource)
        #expect(pattern(composition.node(named: "bonzomatic-checker"))?.picture == .checker)
    }

    @Test("a pattern node draws bars, noise or a checkerboard, and says which it knows")
    func patternKey() throws {
        let workspace = try Workspace()
        let composition = try workspace.load("nodes:\n  grain: { kind: pattern, pattern: noise }\n")
        #expect(pattern(composition.node(named: "grain"))?.picture == .noise)
        #expect(throws: DiagnosticsError.self) { try workspace.load("nodes:\n  grain: { kind: pattern, pattern: sparkles }\n") }
    }
}

import Testing
@testable import ShaderGraph

/// A library filter previewed in a loaded composition: a node of its own after the node it reads, its
/// parameters published, and nothing else changed.
@Suite("Previewing a library filter in a composition")
struct FilterPreviewTests {
    @Test("the filter reads the node, follows it, publishes its parameters, and the output stays")
    func preview() throws {
        let workspace = try Workspace()
        try workspace.shader("s.fsh")
        let path = try workspace.write("c.yaml", """
            nodes:
              photo: { kind: pattern }
              look: { kind: shader, file: s.fsh, inputs: { inputImageTexture: photo } }
              last: { kind: shader, file: s.fsh, inputs: { inputImageTexture: look } }
            """)
        let composition = try CompositionLoader.load(path: path)
        let previewed = try composition.previewing(filterAt: FilterLibrary.path(of: "sepia"), named: "sepia", after: "look")
        #expect(previewed.nodes.map(\.name) == ["photo", "look", "sepia", "last"])
        guard case .shader(let pass)? = previewed.node(named: "sepia")?.kind else {
            Issue.record("no sepia node")
            return
        }
        #expect(pass.inputs["inputImageTexture"]?.node == "look")
        guard case .shader(let last)? = previewed.node(named: "last")?.kind else { return }
        #expect(last.inputs["inputImageTexture"]?.node == "look")
        #expect(previewed.output == "last")
        #expect(previewed.published.map(\.description) == ["sepia.intensity"])
        #expect(try FramePlan(previewed, keeping: ["sepia"]).passes.contains { $0.node.name == "sepia" })
    }
}

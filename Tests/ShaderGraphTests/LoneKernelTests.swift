import Foundation
@testable import ShaderGraph
import ShaderLanguage
import Testing

/// A compute kernel opened on its own is a one-node composition, as a lone fragment shader is.
@Suite("A compute kernel opened on its own")
struct LoneKernelTests {
    static let swizzle = """
        #version 310 es
        layout(local_size_x = 8, local_size_y = 8) in;
        uniform highp sampler2D source;
        layout(rgba8, binding = 1) readonly uniform highp image2D second;
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        void main() {
            ivec2 p = ivec2(gl_GlobalInvocationID.xy);
            imageStore(result, p, texelFetch(source, p, 0).bgra + imageLoad(second, p) * 0.0);
        }
        """

    @Test("a .comp, and a .glsl whose text declares a work group size, open as one compute node; its first image input takes the live source, the next a second pattern")
    func opensAsComputeNode() throws {
        let workspace = try Workspace()
        for file in ["swizzle.comp", "swizzle.glsl"] {
            let composition = try CompositionOpener.open(path: try workspace.write(file, Self.swizzle))
            #expect(composition.output == "swizzle")
            guard case .compute(let kernel)? = composition.node(named: "swizzle")?.kind else {
                Issue.record("\(file) did not open as a compute node: \(composition.nodes.map(\.kind.name))")
                continue
            }
            #expect(kernel.inputs.mapValues(\.node) == ["source": CompositionOpener.liveNodeName, "second": CompositionOpener.secondNodeName])
            #expect(composition.liveSource == CompositionOpener.liveNodeName)
            #expect(composition.node(named: CompositionOpener.secondNodeName)?.kind.name == "pattern")
        }
    }

    @Test("written out (Ctrl-S, an export), its composition is the same compute node reading the same sources")
    func writtenOut() throws {
        let workspace = try Workspace()
        let path = try workspace.write("swizzle.comp", Self.swizzle)
        let text = try LoneShaderComposition.text(forShader: path, sources: .patterns)
        #expect(text.contains("\"swizzle\": { kind: compute, file: \"swizzle.comp\", inputs: { second: \"input2\", source: \"input\" } }"), "\(text)")
        let reopened = try CompositionLoader.load(source: SourceText(path: workspace.path("swizzle.yaml"), text: text))
        #expect(reopened.node(named: "swizzle")?.kind.name == "compute")
    }

    @Test("a buffer of no stated length is an error at its block, saying where a count goes; a kernel as --input is refused")
    func mistakes() throws {
        let workspace = try Workspace()
        let path = try workspace.write("points.comp", """
            #version 310 es
            layout(local_size_x = 8) in;
            layout(std430, binding = 0) buffer Points { vec4 points[]; };
            void main() { points[gl_GlobalInvocationID.x] = vec4(1.0); }
            """)
        let unsized = #expect(throws: DiagnosticsError.self) { try CompositionOpener.open(path: path) }
        #expect(unsized?.diagnostics.coded == ["3:36 SB2204"], "\(String(describing: unsized?.diagnostics.positioned))")
        #expect(unsized?.diagnostics.first?.message.contains("buffers: { Points: { count: N } }") == true)
        let glow = try workspace.write("glow.comp", "#version 310 es\nlayout(local_size_x = 8) in;\nlayout(rgba8, binding = 0) writeonly uniform highp image2D o;\nvoid main() {}\n")
        let asInput = #expect(throws: DiagnosticsError.self) {
            try CompositionOpener.open(path: try workspace.write("c.yaml", "nodes:\n  p: { kind: pattern }\noutput: p\n"), input: LiveInput(parsing: glow))
        }
        #expect(asInput?.diagnostics.first?.message.contains("a compute kernel cannot be the live source") == true, "\(String(describing: asInput?.diagnostics.positioned))")
    }
}

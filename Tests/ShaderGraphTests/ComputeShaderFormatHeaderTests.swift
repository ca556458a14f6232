import ShaderLanguage
import Testing

/// A Compute Shader Format header's mistakes, each located at the key or value it is in, and what the header
/// reads as: the resources in order, the passes with their work group sizes and execution models.
@Suite("Compute Shader Format headers")
struct ComputeShaderFormatHeaderTests {
    func read(_ header: String) throws -> ComputeShaderFormat? {
        try ComputeShaderFormat.read(SourceText(path: "k.comp", text: header + "\nvoid main() {}\n"))
    }

    /// `line:column message` of the mistake in `header`.
    func problem(_ header: String) -> String? {
        do throws(Diagnostic) {
            _ = try ComputeShaderFormat.read(SourceText(path: "k.comp", text: header + "\nvoid main() {}\n"))
            return nil
        } catch {
            return "\(error.location?.line ?? 0):\(error.location?.column ?? 0) \(error.message)"
        }
    }

    @Test("the resources and passes read in order, with their defaults; a file of another MODE, or none, is not one")
    func reads() throws {
        let format = try #require(try read("""
            /*{ "MODE": "COMPUTE_SHADER",
                "RESOURCES": [ { "NAME": "picture", "TYPE": "texture" }, { "NAME": "result", "TYPE": "IMAGE", "ACCESS": "write_only" },
                               { "NAME": "gain", "TYPE": "float", "DEFAULT": 0.5 } ],
                "PASSES": [ {}, { "LOCAL_SIZE": [64, 1, 1], "EXECUTION_MODEL": { "TYPE": "MANUAL", "WORKGROUPS": [4, 1, 1] } } ] }*/
            """))
        #expect(format.resources.map(\.name) == ["picture", "result", "gain"])
        #expect(format.imageInputs.map(\.name) == ["picture"] && format.writtenImages.map(\.name) == ["result"])
        #expect(format.passes.map(\.localSize) == [[16, 16, 1], [64, 1, 1]])
        #expect(format.passes.map(\.model) == [.image2D(stride: [1, 1]), .manual([4, 1, 1])])
        #expect(format.bodyLine == 4)
        // A control that says nothing of its range spans 0 to 1, as ossia score makes it.
        guard case .control(let gain) = format.resources[2].kind else { Issue.record("gain is not a control"); return }
        #expect(gain.minimum == nil && gain.defaultValue == [0.5])
        let bare = try #require(try read(#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "at", "TYPE": "point2D" } ], "PASSES": [ {} ] }*/"#))
        guard case .control(let point) = bare.resources[0].kind else { Issue.record("at is not a control"); return }
        #expect(point.minimum == [0, 0] && point.maximum == [1, 1])
        #expect(try read("/*{ \"ISFVSN\": \"2.0\", \"INPUTS\": [] }*/") == nil)
        #expect(try read("// a kernel with no header") == nil)
    }

    @Test("each mistake is said at its place", arguments: [
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a" } ], "PASSES": [ {} ] }*/"#, "1:46 this resource has no TYPE"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "storage" } ], "PASSES": [ {} ] }*/"#, "1:46 storage 'a' has no LAYOUT"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "storage", "LAYOUT": [ { "NAME": "v", "TYPE": "vec4[]" }, { "NAME": "n", "TYPE": "uint" } ] } ], "PASSES": [ {} ] }*/"#, "only the last member may be"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "storage", "LAYOUT": [ { "NAME": "v", "TYPE": "Particle[]" } ] } ], "PASSES": [ {} ] }*/"#, "has TYPE 'Particle[]'"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "geometry" } ], "PASSES": [ {} ] }*/"#, "1:69 a geometry resource is not read here"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "image", "FORMAT": "RG16F" } ], "PASSES": [ {} ] }*/"#, "1:88 image 'a' has FORMAT 'rg16f'"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "image", "ACCESS": "readonly" } ], "PASSES": [ {} ] }*/"#, "1:88 image 'a': ACCESS is"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "image", "DEPTH": "64" } ], "PASSES": [ {} ] }*/"#, "1:87 image 'a' has DEPTH: a 3D image"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "image", "WIDTH": "$WIDTH_b" } ], "PASSES": [ {} ] }*/"#, "1:88 WIDTH: unknown variable '$WIDTH_b'"),
        (#"/*{ "MODE": "COMPUTE_SHADER" }*/"#, "1:3 a compute shader needs PASSES"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "PASSES": [] }*/"#, "1:41 PASSES is empty"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "PASSES": [ { "LOCAL_SIZE": [16, 0, 1] } ] }*/"#, "1:59 LOCAL_SIZE is [X, Y, Z]"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "PASSES": [ { "EXECUTION_MODEL": { "TYPE": "PER_VERTEX" } } ] }*/"#, "1:74 EXECUTION_MODEL TYPE 'PER_VERTEX' is not run here"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "PASSES": [ { "EXECUTION_MODEL": { "TYPE": "MANUAL" } } ] }*/"#, "1:64 a MANUAL pass says how many work groups"),
        (#"/*{ "MODE": "COMPUTE_SHADER", "RESOURCES": [ { "NAME": "a", "TYPE": "texture" }, { "NAME": "a", "TYPE": "float" } ], "PASSES": [ {} ] }*/"#, "is already declared"),
    ])
    func mistakes(header: String, expected: String) {
        let found = problem(header)
        #expect(found?.contains(expected) == true, "\(found ?? "none")")
    }
}

import Foundation
import Testing
@testable import ShaderGraph
import ShaderLanguage
import TestSupport

/// Model files read through assimp by `shaderbench-import`, from Debian's assimp-testmodels (files not written
/// here). Each expected count is read off the file itself where its format is text, or is what the model is.
@Suite("Model files in draw nodes")
struct ModelFileTests {
    static let models = "/usr/share/assimp/models"

    func model(_ relative: String) throws -> (DrawScene, [Diagnostic]) {
        let workspace = try Workspace()
        let composition = try workspace.load("""
            nodes:
              model: { kind: draw, mesh: "\(Self.models)/\(relative)" }
            output: model
            """)
        guard case .draw(let scene)? = composition.node(named: "model")?.kind else { throw TestSupportError("not a draw node") }
        return (scene, composition.warnings)
    }

    func problems(_ mesh: String) throws -> [Diagnostic] {
        let workspace = try Workspace()
        return try workspace.diagnostics("""
            nodes:
              model: { kind: draw, mesh: "\(mesh)" }
            output: model
            """)
    }

    /// The triangles a text file's faces make: a face of n corners is n - 2 of them.
    func triangles(ofFaces lines: [Substring], cornersAt: (Substring) -> Int) -> Int {
        lines.map { cornersAt($0) - 2 }.reduce(0, +)
    }

    @Test("a PLY file: the vertices its header counts, its quads as two triangles each, normals made and said")
    func ply() throws {
        let text = try String(contentsOfFile: "\(Self.models)/PLY/cube.ply", encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let vertexCount = try #require(lines.first { $0.hasPrefix("element vertex") }.flatMap { Int($0.split(separator: " ").last!) })
        let faceCount = try #require(lines.first { $0.hasPrefix("element face") }.flatMap { Int($0.split(separator: " ").last!) })
        let end = try #require(lines.firstIndex(of: "end_header"))
        let faces = lines[(end + 1 + vertexCount)...].prefix(faceCount)
        let expected = faces.map { Int($0.split(separator: " ")[0])! - 2 }.reduce(0, +)
        let (scene, warnings) = try model("PLY/cube.ply")
        let mesh = scene.meshes[0].data
        #expect(mesh.vertexCount == vertexCount && mesh.indices.count == 3 * expected && expected == 12)
        #expect(mesh.normals.count == 3 * vertexCount)
        #expect(warnings.contains { $0.message.contains("cube.ply has no normals; smooth ones were made for it") }, "\(warnings)")
        #expect(mesh.bounds.minimum == [0, 0, 0] && mesh.bounds.maximum == [1, 1, 1])
    }

    @Test("an OBJ file: its faces as triangles; a glTF file and its binary form: the accessors' counts, texture coordinates")
    func objAndGLTF() throws {
        let obj = try String(contentsOfFile: "\(Self.models)/OBJ/box.obj", encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("f ") }
        let objTriangles = obj.map { $0.split(separator: " ").count - 1 - 2 }.reduce(0, +)
        let box = try model("OBJ/box.obj").0.meshes[0].data
        #expect(box.indices.count == 3 * objTriangles && objTriangles == 12)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(Self.models)/glTF2/BoxTextured-glTF/BoxTextured.gltf"))) as? [String: Any]
        let accessors = try #require(json?["accessors"] as? [[String: Any]])
        let primitive = try #require(((json?["meshes"] as? [[String: Any]])?.first?["primitives"] as? [[String: Any]])?.first)
        let attributes = try #require(primitive["attributes"] as? [String: Int])
        let positions = try #require(accessors[attributes["POSITION"]!]["count"] as? Int)
        let indices = try #require(accessors[primitive["indices"] as! Int]["count"] as? Int)
        for file in ["glTF2/BoxTextured-glTF/BoxTextured.gltf", "glTF2/BoxTextured-glTF-Binary/BoxTextured.glb"] {
            let (scene, warnings) = try model(file)
            let mesh = scene.meshes[0].data
            #expect(mesh.vertexCount == positions && mesh.indices.count == indices, "\(file): \(mesh.vertexCount) vertices, \(mesh.indices.count) indices")
            #expect(mesh.texcoords.count == 2 * positions && mesh.normals.count == 3 * positions && warnings.isEmpty, "\(file)")
        }
    }

    @Test("an STL file: one triangle a facet; an FBX box: twelve triangles")
    func stlAndFBX() throws {
        let facets = try String(contentsOfFile: "\(Self.models)/STL/triangle.stl", encoding: .utf8).components(separatedBy: "facet normal").count - 1
        let triangle = try model("STL/triangle.stl").0.meshes[0].data
        #expect(triangle.indices.count == 3 * facets && facets == 1 && !triangle.normals.isEmpty)
        let fbx = try model("FBX/box.fbx").0.meshes[0].data
        #expect(fbx.indices.count == 36 && fbx.vertexCount >= 8)
    }

    @Test("several meshes with their node transforms become one: glTF's two boxes, the second at half the first's size")
    func nodeTransforms() throws {
        let mesh = try model("glTF/TwoBoxes/TwoBoxes.gltf").0.meshes[0].data
        #expect(mesh.vertexCount % 2 == 0)
        let half = mesh.vertexCount / 2
        func extent(_ vertices: Range<Int>) -> Float {
            (0..<3).map { axis in
                let values = vertices.map { mesh.positions[3 * $0 + axis] }
                return values.max()! - values.min()!
            }.reduce(0, +)
        }
        // TopBox's matrix scales the shared mesh by 0.5.
        let (first, second) = (extent(0..<half), extent(half..<mesh.vertexCount))
        #expect(abs(min(first, second) / max(first, second) - 0.5) < 1e-4, "\(first) and \(second)")
    }

    @Test("a point cloud and a file of lines are drawn as points and lines")
    func pointsAndLines() throws {
        let points = try model("PLY/points.ply").0
        let count = try String(contentsOfFile: "\(Self.models)/PLY/points.ply", encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("element vertex") }.flatMap { Int($0.split(separator: " ").last!) }
        #expect(points.meshes[0].primitive == .points && points.settings.primitive == nil && points.meshes[0].data.indices.count == count)
        #expect(try model("OBJ/testline.obj").0.meshes[0].primitive == .lines)
    }

    @Test("a truncated model, a file that is not one, and a missing one: each refused at the mesh key")
    func badFiles() throws {
        let workspace = try Workspace()
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(Self.models)/PLY/cube_binary.ply"))
        try workspace.write("truncated.ply", bytes: [UInt8](whole.prefix(whole.count / 2)))
        try workspace.write("words.obj", "this is not a model\n")
        for (file, code, words) in [("truncated.ply", "SB2301", "truncated.ply: "), ("words.obj", "SB2301", "words.obj: assimp cannot read it"),
                                    ("gone.glb", "SB1005", "no such file")] {
            let found = try problems(workspace.path(file))
            #expect(found.first?.code?.description == code && found.first?.message.contains(words) == true && found.first?.location?.line == 2,
                    "\(file): \(found.map(\.description))")
        }
    }

    @Test("a model opened on its own is written out, as Ctrl-S writes it, as a composition that draws it from the same camera")
    func writtenAlone() throws {
        let workspace = try Workspace()
        let model = try workspace.write("cube.ply", bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(Self.models)/PLY/cube.ply"))))
        let opened = try CompositionOpener.open(path: model)
        let text = try LoneShaderComposition.text(forShader: model, sources: .patterns)
        let reloaded = try workspace.load(text, file: "cube.yaml")
        guard case .draw(let first)? = opened.nodes.first?.kind, case .draw(let second)? = reloaded.nodes.first?.kind else {
            Issue.record("not draw nodes: \(text)")
            return
        }
        #expect(first.camera == second.camera && first.meshes == second.meshes, "\(text)")
        let expectedZ = Float(0.5 + 2 * 3.0.squareRoot())
        #expect(first.camera.target == SIMD3<Float>(0.5, 0.5, 0.5))
        #expect(abs(first.camera.position.z - expectedZ) < 1e-5)
    }

    @Test("a model opened with a shader is written out with that shader, its tuned values, and glslViewer's passes read again from it")
    func writtenAloneWithItsShader() throws {
        let workspace = try Workspace()
        let model = try workspace.write("cube.ply", bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(Self.models)/PLY/cube.ply"))))
        let shader = try workspace.write("look.frag", """
            uniform sampler2D u_scene;
            uniform vec2 u_resolution;
            uniform float tint;
            void main() {
            #ifdef POSTPROCESSING
                gl_FragColor = texture2D(u_scene, gl_FragCoord.xy / u_resolution);
            #else
                gl_FragColor = vec4(tint);
            #endif
            }
            """)
        let text = try LoneShaderComposition.text(forShader: model, stages: [shader], sources: .patterns, uniforms: ["tint": "0.25"])
        let reloaded = try workspace.load(text, file: "cube.yaml")
        #expect(reloaded.nodes.map(\.name) == ["cube-scene", "cube-scene-depth", "cube"], "\(text)")
        guard case .draw(let scene)? = reloaded.nodes.first?.kind, case .literal(let tint, _)? = scene.uniforms["tint"] else {
            Issue.record("\(text)")
            return
        }
        #expect(scene.fragment?.source.path == shader && tint == [0.25], "\(text)")
    }

    @Test("an import that never ends is stopped after its time, and said so; the workbench goes on")
    func hangingImport() throws {
        let folder = try TemporaryFolder()
        // A PLY header that never ends: assimp reads on forever.
        try folder.write("endless.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n")
        let composition = try folder.write("c.yaml", """
            nodes:
              model: { kind: draw, mesh: endless.ply }
            output: model
            """)
        var environment = ProcessInfo.processInfo.environment
        environment["SHADERBENCH_IMPORT_SECONDS"] = "1"
        let started = Date()
        let result = try runShaderbench(["check", composition], environment: environment)
        #expect(result.status != 0)
        #expect(result.error.contains("endless.ply: assimp was still reading it after 1 s and was stopped") && result.error.contains("[SB2301]"), "\(result.error)")
        #expect(Date().timeIntervalSince(started) < 30)
    }
}

import Foundation
import TestSupport
import Testing

/// A draw node in the window: a saved stage and a saved model file redraw it, and a stage that does not compile
/// is reported while the last good picture stays.
@Suite("Draw nodes in the window", .serialized)
struct DrawNodeWindowTests {
    static func fill(_ colour: String) -> String {
        "precision highp float;\nvoid main() { gl_FragColor = vec4(\(colour), 1.0); }\n"
    }

    @Test("a save of the fragment stage redraws the mesh; a broken one is reported and the picture kept; a new model is drawn")
    func reloads() throws {
        let folder = try TemporaryFolder()
        let fragment = try folder.write("fill.frag", Self.fill("1.0, 0.0, 0.0"))
        let cube = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/assimp/models/PLY/cube.ply"))
        let model = folder.file("model.ply")
        try cube.write(to: URL(fileURLWithPath: model))
        // The camera looks at the cube's middle from close enough that its near face covers the window's middle.
        let composition = try folder.write("scene.yaml", """
            size: [320, 240]
            nodes:
              scene: { kind: draw, mesh: model.ply, file: fill.frag, camera: { position: [0.5, 0.5, 2.5], target: [0.5, 0.5, 0.5] } }
            output: scene
            """)
        let trace = folder.file("trace.jsonl")
        let window = try WindowProcess([composition, "--trace", trace], directory: folder.path)
        let (display, app) = (window.display, window.app)
        #expect(eventually(timeout: 30) { WindowTrace(path: trace).frames.count > 0 }, "stderr: \(app.error)")
        #expect(try eventually { try display.centre() == (255, 0, 0) }, "shown: \(String(describing: try? display.centre())), stderr: \(app.error)")
        try Self.fill("0.0, 0.0, 1.0").write(toFile: fragment, atomically: true, encoding: .utf8)
        #expect(try eventually { try display.centre() == (0, 0, 255) }, "shown: \(String(describing: try? display.centre())), stderr: \(app.error)")

        try "precision highp float;\nvoid main() { gl_FragColor = vec4(notDeclared, 1.0); }\n".write(toFile: fragment, atomically: true, encoding: .utf8)
        #expect(eventually(timeout: 30) { WindowTrace(path: trace).events.contains { $0.name == "reload-failed" } }, "stderr: \(app.error)")
        #expect(eventually(timeout: 10) { app.error.contains("fill.frag:2:") && app.error.contains("notDeclared") }, "stderr: \(app.error)")
        #expect(try display.centre() == (0, 0, 255), "the last good picture stays")

        try Self.fill("0.0, 1.0, 0.0").write(toFile: fragment, atomically: true, encoding: .utf8)
        #expect(try eventually { try display.centre() == (0, 255, 0) }, "shown: \(String(describing: try? display.centre())), stderr: \(app.error)")
        // A model far smaller than the cube, saved over it: the middle of the window is background now.
        try "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\n"
            .appending("property list uchar int vertex_indices\nend_header\n5 5 0\n5.01 5 0\n5 5.01 0\n3 0 1 2\n")
            .write(toFile: model, atomically: true, encoding: .utf8)
        #expect(try eventually { try display.centre() == (0, 0, 0) }, "shown: \(String(describing: try? display.centre())), stderr: \(app.error)")
    }

    @Test("a large model saved over a small one is read in the background: the window draws on, says so, and shows it once it is in")
    func largeModelReadInTheBackground() throws {
        let folder = try TemporaryFolder()
        try folder.write("fill.frag", Self.fill("1.0, 0.0, 0.0"))
        // The vertex stage turns the mesh with the clock, so the window draws every frame.
        try folder.write("turn.vert", """
            attribute vec4 a_position;
            uniform mat4 u_modelViewProjectionMatrix;
            uniform float u_time;
            void main() {
                float c = cos(u_time), s = sin(u_time);
                vec4 p = a_position - vec4(0.5, 0.5, 0.5, 0.0);
                gl_Position = u_modelViewProjectionMatrix * vec4(c * p.x + s * p.z + 0.5, p.y + 0.5, -s * p.x + c * p.z + 0.5, 1.0);
            }
            """)
        let model = folder.file("model.ply")
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/assimp/models/PLY/cube.ply")).write(to: URL(fileURLWithPath: model))
        let composition = try folder.write("scene.yaml", """
            size: [160, 120]
            nodes:
              scene: { kind: draw, mesh: model.ply, file: fill.frag, vertex: turn.vert, cull: none, camera: { position: [0.5, 0.5, 2.5], target: [0.5, 0.5, 0.5] } }
            output: scene
            """)
        let trace = folder.file("trace.jsonl")
        let window = try WindowProcess([composition, "--trace", trace], directory: folder.path)
        let app = window.app
        #expect(eventually(timeout: 30) { WindowTrace(path: trace).frames.count > 5 }, "stderr: \(app.error)")
        try SphereModel.binaryPLY(slices: 600, stacks: 600, centre: [0.5, 0.5, 0.5]).write(to: URL(fileURLWithPath: model))
        // The cube, too, was read in the background when the window opened: the reload that counts follows the save.
        func modelIn(_ trace: WindowTrace) -> (changed: Double, read: Double)? {
            guard let changed = trace.events.first(where: { $0.name == "file-changed" })?.time,
                  let read = trace.events.first(where: { $0.name == "reload" && $0.time > changed && $0.fields["reason"] as? String == "model read" })?.time
            else { return nil }
            return (changed, read)
        }
        #expect(eventually(timeout: 60) { modelIn(WindowTrace(path: trace)) != nil }, "stderr: \(app.error)")
        let events = WindowTrace(path: trace).events
        let (changed, read) = try #require(modelIn(WindowTrace(path: trace)))
        let framesWhileReading = events.filter { $0.name == "frame-presented" && $0.time > changed && $0.time < read }.count
        // Read on the window's thread, no frame would come between the save and the model's arrival.
        #expect(framesWhileReading >= 3, "\(framesWhileReading) frames in the \(read - changed) s the model took")
        #expect(app.error.contains("model.ply: being read in the background") && app.error.contains("SB2305"), "stderr: \(app.error)")
        #expect(!events.contains { $0.name == "reload-failed" && $0.time > read }, "the model came in: stderr: \(app.error)")
    }
}

import CGLES
import Foundation
import GPU
import ShaderGraph
import ShaderLanguage
import TestSupport

/// A draw node against the same draw in a bare GLES program: a model of about 100,000 triangles (a sphere, written
/// here as a binary PLY and read through assimp as any model is), lit by the workbench's own stages, at 1280×720.
/// The bare program compiles the same stage texts, uploads the same vertices and sets the same matrices; rounds
/// alternate, each `frames` frames finished one by one. Then the time a model of about 50 MB takes to import.
enum GeometryBenchmark {
    static func run(frames: Int, rounds: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/shaderbench-geometry-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let context = try HeadlessContext()
        let triangles = try writeSphere(to: scratch + "/sphere.ply", slices: 224, stacks: 224)
        try """
            size: [1280, 720]
            nodes:
              sphere: { kind: draw, mesh: sphere.ply, camera: { position: [0, 0, 1.6] } }
            output: sphere
            """.write(toFile: scratch + "/sphere.yaml", atomically: true, encoding: .utf8)
        let composition = try CompositionLoader.load(path: scratch + "/sphere.yaml")
        guard case .draw(let scene)? = composition.node(named: "sphere")?.kind else { return }
        let executor = try GraphExecutor(composition: composition, keeping: [])
        let bare = try BareDraw(scene, size: PixelSize(width: 1280, height: 720))
        var time = 0
        let node = {
            time += 1
            _ = try executor.renderFrame(FrameTime(index: time, fps: 30))
        }
        let (n, b) = try FrameTimer.alternating(rounds: rounds, frames: frames, node, bare.draw)
        print("\n## A lit \(triangles)-triangle model at 1280×720 (\(frames) frames × \(rounds) rounds, medians)\n")
        print("| path | ms/frame |")
        print("|---|---:|")
        print("| draw node (GraphExecutor) | \(String(format: "%.2f", n)) |")
        print("| bare GLES program, same stages and vertices | \(String(format: "%.2f", b)) |")
        print("\nbare ÷ draw node (frame rate of the node against the bare program): \(String(format: "%.3f", b / n))")

        let big = scratch + "/big.ply"
        let bigTriangles = try writeSphere(to: big, slices: 1000, stacks: 1000)
        let bytes = (try FileManager.default.attributesOfItem(atPath: big)[.size] as? Int) ?? 0
        var imports: [Double] = []
        for round in 0..<3 {
            // A new modification time each round, so the import is not served from the workbench's cache.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(round))], ofItemAtPath: big)
            let elapsed = ContinuousClock().measure { _ = ModelImport.read(big) }
            imports.append(FrameTimer.milliseconds(elapsed))
        }
        print("\nimporting a \(bytes / 1_000_000) MB binary PLY of \(bigTriangles) triangles through shaderbench-import: "
              + "\(String(format: "%.0f", FrameTimer.median(imports))) ms (median of 3)")
        try framesWhileImporting(big, render: node, frames: frames)
        withExtendedLifetime(context) {}
    }

    /// The window's case: frames drawn one after another on this thread, each finished, before and while `path`
    /// is read in the background as the window reads it; the frame times of each, to compare.
    static func framesWhileImporting(_ path: String, render: () throws -> Void, frames: Int) throws {
        func timed() throws -> Double {
            let elapsed = try ContinuousClock().measure {
                try render()
                glFinish()
            }
            return FrameTimer.milliseconds(elapsed)
        }
        var before: [Double] = []
        for _ in 0..<frames { before.append(try timed()) }
        let done = DispatchSemaphore(value: 0)
        ModelImport.readInBackground { done.signal() }
        defer { ModelImport.readInBackground(nil) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: path)
        guard case .failure(let pending) = ModelImport.read(path), pending.isPending else { return }
        var during: [Double] = []
        let started = ContinuousClock.now
        while done.wait(timeout: .now()) == .timedOut { during.append(try timed()) }
        let importing = FrameTimer.milliseconds(ContinuousClock.now - started)
        func summary(_ times: [Double]) -> String {
            let sorted = times.sorted()
            return "median \(String(format: "%.2f", FrameTimer.median(times))) ms, slowest \(String(format: "%.2f", sorted.last ?? 0)) ms"
        }
        print("\nframes on the drawing thread while the model is read in the background, as the window reads it "
              + "(\(String(format: "%.0f", importing)) ms of import):")
        print("| frames | count | frame time |")
        print("|---|---:|---|")
        print("| before | \(before.count) | \(summary(before)) |")
        print("| during the import | \(during.count) | \(summary(during)) |")
        print("\nmedian during − median before: \(String(format: "%.2f", FrameTimer.median(during) - FrameTimer.median(before))) ms (target: within 2 ms)")
    }

    /// `SphereModel`'s sphere written to `path`; its triangle count.
    static func writeSphere(to path: String, slices: Int, stacks: Int) throws -> Int {
        try SphereModel.binaryPLY(slices: slices, stacks: stacks).write(to: URL(fileURLWithPath: path))
        return 2 * slices * stacks
    }
}

/// The draw node's work written out by hand: its stages compiled as they are, its vertices in buffers of their
/// own, its matrices set once, drawn with depth into a framebuffer of its own.
private final class BareDraw {
    private var program: GLuint = 0
    private var framebuffer: GLuint = 0, colour: GLuint = 0, depth: GLuint = 0, vertexArray: GLuint = 0
    private var buffers = [GLuint](repeating: 0, count: 3)
    private let count: Int32
    private let size: PixelSize

    init(_ scene: DrawScene, size: PixelSize) throws {
        self.size = size
        let mesh = scene.meshes[0].data
        let texts = try ModelStage.prepare(vertex: nil, fragment: nil, defines: ModelStage.defines(normals: true, texcoords: false, colours: false,
                                                                                                    primitive: "triangles"),
                                           available: ["a_position", "a_normal"], precision: .full)
        guard case .success(let linked) = ProgramBuild.build(vertex: texts.vertex, fragment: texts.fragment, attributes: ["a_position": 0, "a_normal": 1])
        else { throw GPUError("the bare program did not build") }
        program = linked
        glGenTextures(1, &colour)
        glBindTexture(GLenum(GL_TEXTURE_2D), colour)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(size.width), GLsizei(size.height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glGenRenderbuffers(1, &depth)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depth)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), GLsizei(size.width), GLsizei(size.height))
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), colour, 0)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), depth)
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glGenBuffers(3, &buffers)
        for (slot, values) in [mesh.positions, mesh.normals].enumerated() {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffers[slot])
            values.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
            glEnableVertexAttribArray(GLuint(slot))
            glVertexAttribPointer(GLuint(slot), 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        }
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), buffers[2])
        mesh.indices.withUnsafeBytes { glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        count = Int32(mesh.indices.count)
        glBindVertexArray(0)
        glUseProgram(program)
        let camera = scene.camera
        var projection = camera.projectionMatrix(aspect: Float(size.width) / Float(size.height))
        for index in [1, 5, 9, 13] { projection[index] = -projection[index] }
        let view = camera.viewMatrix
        let matrices: [(String, [Float])] = [("u_modelMatrix", ColumnMajor.identity), ("u_modelViewProjectionMatrix", ColumnMajor.multiply(projection, view))]
        for (name, matrix) in matrices { glUniformMatrix4fv(glGetUniformLocation(program, name), 1, GLboolean(GL_FALSE), matrix) }
        glUniformMatrix3fv(glGetUniformLocation(program, "u_normalMatrix"), 1, GLboolean(GL_FALSE), [1, 0, 0, 0, 1, 0, 0, 0, 1])
        glUniform3f(glGetUniformLocation(program, "u_light"), scene.light.x, scene.light.y, scene.light.z)
        glUniform3f(glGetUniformLocation(program, "u_lightColor"), 1, 1, 1)
        glUniform1f(glGetUniformLocation(program, ModelStage.passHeightUniform), Float(size.height))
        glUseProgram(0)
    }

    func draw() throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_DEPTH_TEST))
        glEnable(GLenum(GL_CULL_FACE))
        glFrontFace(GLenum(GL_CW))
        glUseProgram(program)
        glBindVertexArray(vertexArray)
        glDrawElements(GLenum(GL_TRIANGLES), count, GLenum(GL_UNSIGNED_INT), nil)
        glBindVertexArray(0)
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glFrontFace(GLenum(GL_CCW))
    }

    deinit {
        glDeleteProgram(program)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &colour)
        glDeleteRenderbuffers(1, &depth)
        glDeleteVertexArrays(1, &vertexArray)
        glDeleteBuffers(3, &buffers)
    }
}

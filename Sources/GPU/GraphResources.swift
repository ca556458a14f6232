import Capture
import ShaderGraph

/// What survives from one executor to the next when a composition reloads: linked programs, keyed by node
/// and exact prepared source so an unchanged node is never recompiled, and uploaded source images.
public final class GraphResources {
    struct ProgramKey: Hashable {
        var node: String
        var vertexSource: String
        var fragmentSource: String

        init(node: String, shader: PreparedShader) {
            self.node = node
            self.vertexSource = shader.vertexSource
            self.fragmentSource = shader.fragmentSource
        }
    }

    private var programs: [ProgramKey: ShaderProgram] = [:]
    private var images: [String: RenderTarget] = [:]
    private var cameras: [CameraSource: CameraFeed] = [:]
    private var feedback: [String: FeedbackBuffers] = [:]
    /// Values the user set in the window (a picked colour, a dragged number), by node, so a reload keeps them.
    private var heldValues: [String: [Float]] = [:]
    /// Runs on a capture thread whenever a camera has a new frame (the window wakes its loop with it).
    public var cameraFrameArrived: @Sendable () -> Void = {}
    /// How many programs were compiled here (not adopted): tests and traces read it.
    public private(set) var compilations = 0

    public init() {}

    /// The node's program for `shader`, compiled now on a miss.
    func program(for shader: PreparedShader, node: String) throws(DiagnosticsError) -> ShaderProgram {
        let key = ProgramKey(node: node, shader: shader)
        if let program = programs[key] { return program }
        let program = try ShaderProgram(shader)
        compilations += 1
        programs[key] = program
        return program
    }

    public func hasProgram(for shader: PreparedShader, node: String) -> Bool {
        programs[ProgramKey(node: node, shader: shader)] != nil
    }

    /// Adds a program linked elsewhere (on a compiling thread) for `node`.
    public func adopt(_ program: ShaderProgram, node: String) {
        programs[ProgramKey(node: node, shader: program.shader)] = program
    }

    func image(at path: String, load: () throws(DiagnosticsError) -> RenderTarget) throws(DiagnosticsError) -> RenderTarget {
        if let image = images[path] { return image }
        let image = try load()
        images[path] = image
        return image
    }

    /// The feed for a camera node, started on first use and kept while compositions that reload use it.
    func cameraFeed(for camera: CameraSource, compositionSize: PixelSize?) throws(DiagnosticsError) -> CameraFeed {
        if let feed = cameras[camera] { return feed }
        if camera.device != .auto, DeviceDiscovery.find(camera.device) == nil {
            let found = DeviceDiscovery.captureDevices().map { "\($0.path) (\($0.card))" }
            let list = found.isEmpty ? "no capture devices are connected" : "found: \(found.joined(separator: ", "))"
            throw DiagnosticsError([.error("no camera matches '\(camera.device)'; \(list)", at: camera.location)])
        }
        let size = camera.size ?? compositionSize ?? PixelSize(width: 1280, height: 720)
        let request = CaptureRequest(width: size.width, height: size.height, frameRate: camera.frameRate ?? 30,
                                     format: camera.format.flatMap(CameraPixelFormat.init(rawValue:)))
        let feed: CameraFeed
        do {
            feed = try CameraFeed(source: camera, request: request, onFrame: { [cameraFrameArrived] in cameraFrameArrived() })
        } catch {
            throw DiagnosticsError([.error(error.message, at: camera.location)])
        }
        _ = feed.session.waitUntilNegotiated(timeout: 2)
        cameras[camera] = feed
        return feed
    }

    /// A feedback node's two buffers, kept across reloads (with their contents) while its size and format stay.
    func feedbackBuffers(of node: String, target: TextureDescriptor) throws(GPUError) -> FeedbackBuffers {
        if let buffers = feedback[node], buffers.descriptor == target { return buffers }
        let buffers = try FeedbackBuffers(target)
        feedback[node] = buffers
        return buffers
    }

    func hold(_ value: [Float], for node: String) {
        heldValues[node] = value
    }

    func heldValue(for node: String) -> [Float]? {
        heldValues[node]
    }

    /// The frame size a camera node's device agreed to, once it has.
    func negotiatedSize(of camera: CameraSource) -> PixelSize? {
        cameras[camera]?.session.status.layout.map { PixelSize(width: $0.width, height: $0.height) }
    }

    /// Drops an uploaded image whose file changed, so the next executor reads it again.
    public func forgetImage(at path: String) {
        images[path] = nil
    }

    /// Releases everything `executor` does not use; what it uses stays for the next reload.
    public func keepOnly(whatIsUsedBy executor: GraphExecutor) {
        let usedPrograms = Set(executor.programs.map { ProgramKey(node: $0.key, shader: $0.value.shader) })
        programs = programs.filter { usedPrograms.contains($0.key) }
        let usedImages = Set(executor.composition.nodes.compactMap { node -> String? in
            if case .image(let source) = node.kind { return source.file }
            return nil
        })
        images = images.filter { usedImages.contains($0.key) }
        let usedCameras = Set(executor.composition.nodes.compactMap { node -> CameraSource? in
            if case .camera(let camera) = node.kind { return camera }
            return nil
        })
        cameras = cameras.filter { usedCameras.contains($0.key) }
        // A node's own feedback is keyed by its name, an ISF node's persistent targets by "node/target".
        let feedbackKeys = Set(executor.composition.nodes.flatMap { node -> [String] in
            guard case .shader(let pass) = node.kind else { return [] }
            let own = pass.feedbackInputs(of: node.name).isEmpty ? [] : [node.name]
            let targets = (pass.interface.isf?.passes ?? []).filter(\.isPersistent).compactMap(\.target).map { "\(node.name)/\($0)" }
            return own + targets
        })
        feedback = feedback.filter { feedbackKeys.contains($0.key) }
    }
}

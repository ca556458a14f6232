import Images
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// What survives from one executor to the next when a composition reloads: linked programs, keyed by node
/// and exact prepared source so an unchanged node is never recompiled, and uploaded source images.
public final class GraphResources {
    struct ProgramKey: Hashable {
        var node: String
        var vertexSource: String
        var fragmentSource: String
        var fetchesFramebuffer: Bool

        init(node: String, shader: PreparedShader, fetchesFramebuffer: Bool) {
            self.node = node
            self.vertexSource = shader.vertexSource
            self.fragmentSource = shader.fragmentSource
            self.fetchesFramebuffer = fetchesFramebuffer
        }
    }

    private var programs: [ProgramKey: ShaderProgram] = [:]
    private var images: [String: RenderTarget] = [:]
    /// Each camera node's feed with the size it asked its device for.
    private var cameras: [CameraSource: (size: PixelSize, feed: FrameFeed)] = [:]
    private var movies: [MovieSource: FrameFeed] = [:]
    /// Each audio node's sound with the live movie it was opened for (the live sound of a render is its soundtrack).
    private var sounds: [AudioSource: (liveMovie: MovieSource?, source: any SoundSource)] = [:]
    /// Opens cameras and movies; without one, a composition with a live node cannot run.
    private let sources: (any FrameSourceOpener)?
    private var feedback: [String: FeedbackBuffers] = [:]
    /// Values the user set in the window (a picked colour, a dragged number), by node, so a reload keeps them.
    private var heldValues: [String: [Float]] = [:]
    /// Runs on a producer's thread whenever a camera or movie has a new frame (the window wakes its loop with it).
    public var frameArrived: @Sendable () -> Void = {}
    /// How many programs were compiled here (not adopted): tests and traces read it.
    public private(set) var compilations = 0

    /// Whether programs may read their target as they draw (EXT_shader_framebuffer_fetch): as given, else
    /// as the current context's driver says when the first program is linked.
    private var framebufferFetch: Bool?

    /// Where camera and movie frames are converted to RGBA.
    private let frameConversion: FrameConversionSite

    /// `framebufferFetch` false makes every shader that reads `gl_LastFragData` sample its target's
    /// previous contents from a texture, as on a GPU without the extension. `frameConversion` overrides where
    /// frames are converted (`FrameConverter.preferredSite`), as on another renderer.
    public init(sources: (any FrameSourceOpener)? = nil, framebufferFetch: Bool? = nil, frameConversion: FrameConversionSite? = nil) {
        self.sources = sources
        self.framebufferFetch = framebufferFetch
        self.frameConversion = frameConversion ?? FrameConverter.preferredSite
    }

    /// The key of the program `shader` links to here, fetching its target where both the GPU and the plan allow.
    private func key(for shader: PreparedShader, node: String) -> ProgramKey {
        if framebufferFetch == nil { framebufferFetch = GLInfo.supportsFramebufferFetch }
        let fetches = framebufferFetch == true && shader.framebufferFetchSource != nil
        return ProgramKey(node: node, shader: shader, fetchesFramebuffer: fetches)
    }

    /// The node's program for `shader`, compiled now on a miss.
    func program(for shader: PreparedShader, node: String) throws(DiagnosticsError) -> ShaderProgram {
        let key = key(for: shader, node: node)
        if let program = programs[key] { return program }
        let program = try ShaderProgram(shader, framebufferFetch: key.fetchesFramebuffer)
        compilations += 1
        programs[key] = program
        return program
    }

    public func hasProgram(for shader: PreparedShader, node: String) -> Bool {
        programs[key(for: shader, node: node)] != nil
    }

    /// Adds a program linked elsewhere (on a compiling thread) for `node`.
    public func adopt(_ program: ShaderProgram, node: String) {
        programs[ProgramKey(node: node, shader: program.shader, fetchesFramebuffer: program.fetchesFramebuffer)] = program
    }

    /// The image file at `path`, read and uploaded on first use (a 16-bit PNG as half floats); a file that
    /// cannot be read is an error at `location`, where the composition names it.
    func image(at path: String, location: SourceLocation) throws(DiagnosticsError) -> RenderTarget {
        if let image = images[path] { return image }
        let pixels: DecodedImage
        do throws(ImageFileError) {
            pixels = try ImageFile.readAtFullDepth(path: path, maximumDimension: GLInfo.maximumTextureSize)
        } catch {
            throw DiagnosticsError([.error(error.description, at: location, code: .unreadableFile)])
        }
        let image: RenderTarget
        do {
            image = try RenderTarget(image: pixels)
        } catch {
            throw DiagnosticsError([.error("\(path): \(error.message)", at: location)])
        }
        images[path] = image
        return image
    }

    /// The feed for a camera node asking for `size`, started on first use and kept while compositions that
    /// reload use it. A reload that asks another size restarts the camera, releasing the device first.
    func cameraFeed(for camera: CameraSource, size: PixelSize) throws(DiagnosticsError) -> FrameFeed {
        if let running = cameras[camera] {
            if running.size == size { return running.feed }
            running.feed.source.stop()
            cameras[camera] = nil
        }
        let feed = try feed(at: camera.location, problem: .cameraNotDelivering) { opener, arrived throws(DiagnosticsError) in
            try opener.openCamera(camera, size: size, conversionSite: frameConversion, onFrame: arrived)
        }
        cameras[camera] = (size, feed)
        return feed
    }

    /// The feed for a movie node, opened on first use and kept while compositions that reload use it.
    func movieFeed(for movie: MovieSource) throws(DiagnosticsError) -> FrameFeed {
        if let feed = movies[movie] { return feed }
        let feed = try feed(at: movie.location, problem: movie.isStream ? .streamNotReceived : .movieNotDecoded) { opener, arrived throws(DiagnosticsError) in
            try opener.openMovie(movie, conversionSite: frameConversion, onFrame: arrived)
        }
        movies[movie] = feed
        return feed
    }

    /// The sound of an audio node, opened on first use and kept while compositions that reload use it.
    func sound(for audio: AudioSource, liveMovie: MovieSource?) throws(DiagnosticsError) -> any SoundSource {
        if let open = sounds[audio], open.liveMovie == liveMovie { return open.source }
        sounds[audio] = nil
        guard let sources else {
            throw DiagnosticsError([.error("sound cannot be opened here", at: audio.location)])
        }
        let source = try sources.openSound(audio, liveMovie: liveMovie)
        sounds[audio] = (liveMovie, source)
        return source
    }

    private func feed(at location: SourceLocation, problem: DiagnosticCode,
                      open: (any FrameSourceOpener, @escaping @Sendable () -> Void) throws(DiagnosticsError) -> any FrameSource)
        throws(DiagnosticsError) -> FrameFeed {
        guard let sources else {
            throw DiagnosticsError([.error("live sources (cameras, movies) cannot be opened here", at: location)])
        }
        let source = try open(sources) { [frameArrived] in frameArrived() }
        do {
            return try FrameFeed(source: source, problem: problem)
        } catch {
            source.stop()
            throw DiagnosticsError([.error(error.message, at: location)])
        }
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

    /// Drops a movie's decoder, and any sound decoded from the file, when the file changed, so the next
    /// executor opens it again.
    public func forgetMovie(at path: String) {
        movies = movies.filter { $0.key.file != path }
        sounds = sounds.filter { $0.key.file != path && $0.value.liveMovie?.file != path }
    }

    /// Drops an uploaded image whose file changed, so the next executor reads it again.
    public func forgetImage(at path: String) {
        images[path] = nil
    }

    /// Releases everything `executor` does not use; what it uses stays for the next reload.
    public func keepOnly(whatIsUsedBy executor: GraphExecutor) {
        let usedPrograms = Set(executor.programs.map { node, program in
            ProgramKey(node: node, shader: program.shader, fetchesFramebuffer: program.fetchesFramebuffer)
        })
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
        let usedMovies = Set(executor.composition.nodes.compactMap { node -> MovieSource? in
            if case .movie(let movie) = node.kind { return movie }
            return nil
        })
        movies = movies.filter { usedMovies.contains($0.key) }
        // Dropping a sound that is no longer used releases its capture device.
        let usedSounds = Set(executor.composition.nodes.compactMap { node -> AudioSource? in
            if case .audio(let audio) = node.kind { return audio }
            return nil
        })
        sounds = sounds.filter { usedSounds.contains($0.key) }
        // A node's kept frames are keyed by its name, an ISF node's persistent targets by "node/target".
        let previousFrameSources = executor.composition.previousFrameSources
        let feedbackKeys = Set(executor.composition.nodes.flatMap { node -> [String] in
            guard case .shader(let pass) = node.kind else { return [] }
            let own = previousFrameSources.contains(node.name) || pass.interface.fetchesFramebuffer ? [node.name] : []
            let targets = (pass.interface.isf?.passes ?? []).filter(\.isPersistent).compactMap(\.target).map { "\(node.name)/\($0)" }
            return own + targets
        })
        feedback = feedback.filter { feedbackKeys.contains($0.key) }
    }
}

internal import GPU
internal import Images
internal import ShaderGraph
internal import ShaderLanguage

/// A composition compiled into an app: its files are texts in the app's source, its image and camera
/// inputs are textures or pixels the app feeds, and each frame renders into a texture or framebuffer the
/// app owns, on the app's current GLES 3 context. `shaderbench export --swift` writes a typed wrapper
/// around one; the frames it draws are the workbench's own, pixel for pixel, since the same executor runs.
///
/// Calls change GL state (the bound framebuffer, program, textures and viewport); an app that relies on
/// them sets them again after `render`. Its GL objects are released when it is, so release it with the
/// context current.
public final class EmbeddedComposition {
    /// The image inputs the app feeds, by node name, in the composition's order.
    public let inputNames: [String]
    private let loaded: Composition
    /// The movie nodes among the inputs, with how their moment follows the composition's clock.
    private let movies: [String: MovieSource]
    /// The published parameters as loaded, by `node.uniform`: what each starts as until the app sets it.
    private let published: [String: PlannedParameter]
    private let resources = GraphResources()
    private var inputs: [String: RenderTarget] = [:]
    private var parameters: [ParameterOverride] = []
    private var executor: GraphExecutor?
    private var copy: OutputCopy?
    /// The app's output texture with the framebuffer that draws into it, from the last `render(intoTexture:)`.
    private var outputTarget: RenderTarget?
    /// Pointer and keys, for `mouse`, `key`, `pick` and `drag` nodes.
    private var pointer = SIMD3<Float>(0, 0, 0)
    private var keysHeld: Set<String> = []
    private var pendingPress: SIMD2<Float>?
    private var pendingRelease: SIMD2<Float>?

    /// The render size; nil follows the composition (its `size:`, else the first input's size).
    public var renderSize: (width: Int, height: Int)? {
        didSet { executor = nil }
    }

    /// Loads the composition at `path` among `files` (path → text). `inputs` names the source nodes the
    /// app feeds, and `inputFiles` the image files they named, which are never read. Built-in filters are
    /// looked up in `filterFolder`. Every problem is reported in the error at once.
    public init(path: String, files: [String: String], inputs: [String], inputFiles: Set<String> = [],
                filterFolder: String) throws(EmbeddingError) {
        let sources = SourceFiles.embedded(texts: files, otherFiles: inputFiles, filterFolder: filterFolder)
        var composition: Composition
        do {
            composition = try CompositionLoader.load(source: try sources.readText(path: path), files: sources)
        } catch let error as DiagnosticsError {
            throw EmbeddingError(error.diagnostics.map(\.description).joined(separator: "\n"))
        } catch {
            throw EmbeddingError("\(error)")
        }
        var movies: [String: MovieSource] = [:]
        for node in composition.nodes where inputs.contains(node.name) {
            if case .movie(let movie) = node.kind { movies[node.name] = movie }
        }
        self.movies = movies
        composition.nodes = composition.nodes.map { node in
            // Inputs are the app's, whatever the composition read them from.
            guard inputs.contains(node.name) else { return node }
            return Node(name: node.name, kind: .image(ImageSource(file: node.name, location: node.location)), location: node.location)
        }
        loaded = composition
        published = Dictionary(PlannedParameter.all(in: composition).map { ($0.reference.description, $0) }, uniquingKeysWith: { first, _ in first })
        inputNames = composition.nodes.map(\.name).filter(inputs.contains)
    }

    /// Feeds an input from an RGBA texture of the app's (row 0 the image's top), read each frame. The
    /// texture stays the app's; its filter parameters are set here as passes need.
    public func setInput(_ name: String, texture: UInt32, width: Int, height: Int) throws(EmbeddingError) {
        try checkInput(name)
        if let current = inputs[name], current.texture == texture, current.size == PixelSize(width: width, height: height) { return }
        do {
            inputs[name] = try RenderTarget(borrowing: texture, size: PixelSize(width: width, height: height))
        } catch {
            throw EmbeddingError("input '\(name)': \(error.message)")
        }
        executor = nil
    }

    /// Feeds an input from RGBA8 pixels, rows from the top, uploaded into a texture kept here.
    public func setInput(_ name: String, pixels: [UInt8], width: Int, height: Int) throws(EmbeddingError) {
        try checkInput(name)
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw EmbeddingError("input '\(name)': \(pixels.count) bytes are not \(width)×\(height) RGBA pixels")
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        do {
            if let current = inputs[name], current.size == PixelSize(width: width, height: height), current.ownsTexture {
                current.upload(image)
                return
            }
            inputs[name] = try RenderTarget(image: image)
        } catch {
            throw EmbeddingError("input '\(name)': \(error.message)")
        }
        executor = nil
    }

    /// Which moment of movie input `name` to feed for the frame at `seconds`, in the movie's seconds: its keyed
    /// time, or its start and speed, looped or held at its end as the workbench plays it, for a movie
    /// `duration` seconds long (nil when unknown). Nil for an input that is not a movie.
    public func movieTime(of name: String, at seconds: Double, duration: Double?) -> Double? {
        movies[name]?.movieTime(at: seconds, duration: duration)
    }

    private func checkInput(_ name: String) throws(EmbeddingError) {
        guard inputNames.contains(name) else {
            throw EmbeddingError("'\(name)' is not an input; the inputs are \(inputNames.joined(separator: ", "))")
        }
    }

    /// Sets a published parameter (`node.uniform`) to `values`, its components in GLSL order. Values with NaN
    /// or an infinity in them are ignored: the parameter keeps what it had.
    public func setParameter(_ name: String, _ values: [Float]) {
        guard FiniteParameterValues.problem(in: values) == nil, parameter(name) != values else { return }
        parameters.removeAll { $0.name == name }
        parameters.append(ParameterOverride(name: name, values: values))
        executor = nil
    }

    /// A published parameter's value: what was set, else what it starts as (`PlannedParameter.startingValue`:
    /// the composition's, else the shader's default, else zeros); nil for a wired one not set, or no such parameter.
    public func parameter(_ name: String) -> [Float]? {
        if let set = parameters.last(where: { $0.name == name }) { return set.values }
        return published[name]?.startingValue
    }

    /// The pointer over the output, for `mouse` and `drag` nodes: x, y in texture coordinates (from the
    /// top-left) and whether the primary button is held. A place with NaN or an infinity is ignored.
    public func movePointer(x: Float, y: Float, pressed: Bool) {
        guard x.isFinite, y.isFinite else { return }
        pointer = SIMD3(x, y, pressed ? 1 : 0)
    }

    /// The primary button went down (pick nodes sample there; drags start) or up (drags end).
    public func pointerPressed(x: Float, y: Float) {
        guard x.isFinite, y.isFinite else { return }
        pendingPress = SIMD2(x, y)
    }

    public func pointerReleased(x: Float, y: Float) {
        guard x.isFinite, y.isFinite else { return }
        pendingRelease = SIMD2(x, y)
    }

    /// Whether a key (`a`…`z`, `space`) is held, for `key` nodes.
    public func setKey(_ key: String, held: Bool) {
        if held { keysHeld.insert(key) } else { keysHeld.remove(key) }
    }

    /// Renders the frame at `seconds` (frame number `frame`, for shaders that count frames) into the app's
    /// framebuffer of `width`×`height` pixels: exact when that is the render size, scaled otherwise.
    public func render(seconds: Double, frame: Int, intoFramebuffer framebuffer: UInt32, width: Int, height: Int) throws(EmbeddingError) {
        let executor = try prepared()
        executor.pointer = pointer
        executor.keysHeld = keysHeld
        if let press = pendingPress { executor.pointerPressed(at: press) }
        if let release = pendingRelease { executor.pointerReleased(at: release) }
        pendingPress = nil
        pendingRelease = nil
        do {
            let output = try executor.renderFrame(FrameTime(index: frame, seconds: seconds))
            try copier().draw(output, into: framebuffer, size: PixelSize(width: width, height: height))
        } catch {
            throw EmbeddingError(error.message)
        }
    }

    /// Renders into the app's RGBA texture of `width`×`height`, through a framebuffer kept for that texture.
    public func render(seconds: Double, frame: Int, intoTexture texture: UInt32, width: Int, height: Int) throws(EmbeddingError) {
        let size = PixelSize(width: width, height: height)
        if outputTarget?.texture != texture || outputTarget?.size != size {
            outputTarget = nil
            do {
                outputTarget = try RenderTarget(borrowing: texture, size: size)
            } catch {
                throw EmbeddingError("output texture: \(error.message)")
            }
        }
        guard let target = outputTarget else { return }
        try render(seconds: seconds, frame: frame, intoFramebuffer: target.framebuffer, width: width, height: height)
    }

    /// The size frames render at, once every input is fed.
    public var currentRenderSize: (width: Int, height: Int)? {
        (try? prepared()).map { ($0.renderSize.width, $0.renderSize.height) }
    }

    /// A value node's value after the last frame (a centroid, a picked colour, …).
    public func value(of node: String) -> [Float]? {
        executor?.value(of: node)
    }

    private func copier() throws(GPUError) -> OutputCopy {
        if let copy { return copy }
        let made = try OutputCopy()
        copy = made
        return made
    }

    /// The executor for the current inputs and parameters, built again (keeping programs, feedback and
    /// held values) after one changed.
    private func prepared() throws(EmbeddingError) -> GraphExecutor {
        if let executor { return executor }
        let missing = inputNames.filter { inputs[$0] == nil }
        guard missing.isEmpty else {
            throw EmbeddingError("no image for input\(missing.count == 1 ? "" : "s") \(missing.map { "'\($0)'" }.joined(separator: ", ")); feed \(missing.count == 1 ? "it" : "each") with setInput before rendering")
        }
        var composition = loaded
        do {
            try ParameterOverride.apply(parameters, to: &composition)
            let size = renderSize.map { PixelSize(width: $0.width, height: $0.height) }
            let built = try GraphExecutor(composition: composition, renderSize: size, resources: resources, externalImages: inputs)
            resources.keepOnly(whatIsUsedBy: built)
            executor = built
            return built
        } catch {
            throw EmbeddingError(error.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }
}

/// What went wrong in an embedded composition, in words an app can show or log.
public struct EmbeddingError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

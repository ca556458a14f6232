import CGLES
import Foundation
import Images
import ShaderGraph
import VideoFrames

/// Runs a composition frame by frame on the current GL context: nodes in dependency order, each shader a
/// pass into a pooled render target. The window, headless renders, tests and benchmarks all use this one.
///
/// Everything that does not change between frames (programs, texture units, filters, literal uniform
/// values, which target is released when) is settled when it is built; a frame only binds, sets the wired
/// values and draws.
public final class GraphExecutor {
    public let composition: Composition
    public let renderSize: PixelSize
    public let pool = FramebufferPool()
    /// The linked program of each shader and pattern node, by node name.
    public private(set) var programs: [String: ShaderProgram] = [:]
    /// Programs and images shared with the executors before and after this one.
    public let resources: GraphResources
    /// How long a frame waits for a new camera frame: nil in the window (the newest frame wins, never
    /// blocking), a few seconds in renders, which use one captured frame per rendered frame.
    public var cameraWait: Double?
    /// The pointer for shaders that follow it (ShaderToy's `iMouse`): pixels of the output with y up, xy while
    /// a button is held and zw where it was pressed (negative while released).
    public var mouse = SIMD4<Float>(0, 0, 0, 0)
    /// The pointer for `mouse` nodes: x, y in texture coordinates of the output (from the top-left), and 1
    /// while the left button is held.
    public var pointer = SIMD3<Float>(0, 0, 0)
    /// Keys held in the window, for `key` nodes: `a`…`z`, `space`.
    public var keysHeld: Set<String> = []
    private var previousTime: Double?
    private var pendingPress: SIMD2<Float>?
    private var pendingRelease: SIMD2<Float>?
    /// Where each drag node's drag began: the pointer's x and the value then.
    private var dragStarts: [Int: (x: Float, value: Float)] = [:]
    private var frameState = FrameState(time: FrameTime(index: 0, seconds: 0), delta: 1.0 / 60, mouse: .zero, date: .zero)
    /// The date frame 0 is at, for ShaderToy's `iDate`.
    private let createdAt = Date()
    /// Whether any pass sets dialect uniforms (time, date, …) each frame.
    private let readsFrameState: Bool

    private let quad: FullscreenQuad
    private let steps: [ExecutableStep]
    private let stepIndex: [String: Int]
    private let stepNames: [String]
    /// The texture each step's image is, for describing passes' inputs.
    private let inputDescriptors: [TextureDescriptor]
    private let outputStep: Int
    /// Each step's image this frame; pooled ones are returned as soon as their last reader has run.
    private var images: [RenderTarget?]
    /// Each value node's components this frame, sized once.
    private var values: [[Float]]
    private var uniformWriter = UniformWriter()
    private var wireScratch = [Float](repeating: 0, count: 16)

    /// Loads images, compiles every shader and plans the frame. Problems in the user's files come back
    /// together as one `DiagnosticsError`; a GPU failure is reported as a diagnostic at the composition.
    /// `renderSize` overrides the composition's; `keeping` names nodes whose images must be readable
    /// after a frame besides the output; `resources` carries programs and images over from a previous
    /// executor, so what did not change is neither recompiled nor reloaded. `externalImages` stand for
    /// source nodes (image, camera) whose pixels an embedding app supplies, by node name.
    public init(composition: Composition, renderSize: PixelSize? = nil, keeping: Set<String> = [],
                resources: GraphResources = GraphResources(), externalImages: [String: RenderTarget] = [:]) throws(DiagnosticsError) {
        let composition = PublishedParameters.inline(composition)
        self.composition = composition
        self.resources = resources
        let plan = try RenderPlan(composition, keeping: keeping)
        let fileLocation = SourceLocation(file: composition.path, line: 0)
        do {
            quad = try FullscreenQuad()
        } catch {
            throw DiagnosticsError([.error(error.message, at: fileLocation)])
        }

        var diagnostics: [Diagnostic] = []
        var loadedImages: [String: RenderTarget] = [:]
        let maximumSide = GLInfo.maximumTextureSize
        var players: [String: SequencePlayer] = [:]
        var movies: [String: FrameFeed] = [:]
        for step in plan.steps {
            if case .movie(let movie) = step.node.kind, externalImages[step.node.name] == nil {
                do {
                    movies[step.node.name] = try resources.movieFeed(for: movie)
                } catch {
                    diagnostics += error.diagnostics
                }
            }
            if case .sequence(let sequence) = step.node.kind {
                do {
                    players[step.node.name] = try SequencePlayer(sequence)
                } catch {
                    diagnostics += error.diagnostics
                }
            }
            guard case .image(let source) = step.node.kind, externalImages[step.node.name] == nil else { continue }
            do {
                loadedImages[step.node.name] = try resources.image(at: source.file) { () throws(DiagnosticsError) in
                    do {
                        return try RenderTarget(image: try ImageFile.read(path: source.file, maximumDimension: maximumSide))
                    } catch let error as ImageFileError {
                        throw DiagnosticsError([.error(error.description, at: source.location)])
                    } catch {
                        throw DiagnosticsError([.error("\(source.file): \(error)", at: source.location)])
                    }
                }
            } catch {
                diagnostics += error.diagnostics
            }
        }
        let firstImageSize = composition.nodes.lazy.compactMap { node -> PixelSize? in
            if let external = externalImages[node.name] { return external.size }
            if case .camera(let camera) = node.kind { return camera.size ?? composition.size ?? resources.negotiatedSize(of: camera) }
            if let movie = movies[node.name], let size = movie.source.frameSize { return PixelSize(width: size.width, height: size.height) }
            return loadedImages[node.name]?.size ?? players[node.name]?.size
        }.first
        let size = renderSize ?? composition.size ?? firstImageSize ?? .standard
        self.renderSize = size

        let index = Dictionary(plan.steps.enumerated().map { ($1.node.name, $0) }, uniquingKeysWith: { first, _ in first })
        var works: [ExecutableStep.Work?] = []
        var sizes: [PixelSize] = []
        var programs: [String: ShaderProgram] = [:]
        for step in plan.steps {
            let node = step.node
            var work: ExecutableStep.Work?
            if let external = externalImages[node.name] {
                works.append(.source(external))
                sizes.append(external.size)
                continue
            }
            switch node.kind {
            case .image:
                let target = loadedImages[node.name]
                work = target.map { .source($0) }
                sizes.append(target?.size ?? size)
            case .pattern(let pattern):
                let patternSize = pattern.size ?? size
                do {
                    let program = try resources.program(for: try TestPattern.prepared(), node: node.name)
                    programs[node.name] = program
                    glUseProgram(program.name)
                    glUniform2f(program.uniformLocation("size"), Float(patternSize.width), Float(patternSize.height))
                    work = .pattern(program, timeLocation: program.uniformLocation("time"),
                                    target: TextureDescriptor(size: patternSize))
                } catch {
                    diagnostics += error.diagnostics
                }
                sizes.append(patternSize)
            case .sequence:
                work = players[node.name].map { .sequence($0) }
                sizes.append(players[node.name]?.size ?? size)
            case .camera(let camera):
                do {
                    let step = try Self.cameraStep(camera, node: node.name, compositionSize: composition.size, resources: resources)
                    work = .live(step)
                    sizes.append(step.placeholder.size)
                } catch {
                    diagnostics += error.diagnostics
                    sizes.append(size)
                }
            case .movie(let movie):
                let frameSize = movies[node.name]?.source.frameSize.map { PixelSize(width: $0.width, height: $0.height) } ?? size
                do {
                    if let feed = movies[node.name] {
                        work = .live(ExecutableStep.Live(feed: feed, pattern: nil, placeholder: try RenderTarget(TextureDescriptor(size: frameSize)),
                                                         movie: movie))
                    }
                } catch {
                    diagnostics.append(.error(error.message, at: movie.location))
                }
                sizes.append(frameSize)
            case .shader(let pass):
                let passSize = pass.size ?? size
                sizes.append(passSize)
                do throws(DiagnosticsError) {
                    let program = try resources.program(for: PreparedShader(source: pass.source, interface: pass.interface), node: node.name)
                    programs[node.name] = program
                    let target = TextureDescriptor(size: passSize, format: pass.format)
                    var feedback: FeedbackBuffers?
                    if !pass.feedbackInputs(of: node.name).isEmpty {
                        do {
                            feedback = try resources.feedbackBuffers(of: node.name, target: target)
                        } catch {
                            throw DiagnosticsError([.error(error.message, at: node.location)])
                        }
                    }
                    var step: ExecutableStep.Pass
                    do {
                        step = try Self.bind(pass, node: node.name, program: program, size: passSize, index: index, sizes: sizes,
                                             feedback: feedback, writer: &uniformWriter)
                    } catch {
                        throw DiagnosticsError([.error(error.message, at: node.location)])
                    }
                    if let header = pass.interface.isf, !header.passes.isEmpty || !header.imported.isEmpty {
                        step.isfPasses = try ISFPassChain(header: header, node: node.name, program: program, output: target,
                                                          firstUnit: pass.interface.samplers.count,
                                                          inputValues: Self.literalNumbers(of: pass), resources: resources)
                    }
                    work = .shader(step)
                } catch {
                    diagnostics += error.diagnostics.map { $0.naming(node: node.name) }
                }
            case .constant(let numbers):
                work = .constant(numbers)
                sizes.append(size)
            case .reduction(let reduction):
                sizes.append(size)
                guard let source = index[reduction.input.node], source < sizes.count - 1 else { break }
                do {
                    work = .reduction(try ImageReduction(reduction, inputSize: sizes[source]), input: source)
                } catch {
                    diagnostics.append(.error("node '\(node.name)': \(error.message)", at: node.location))
                }
            case .operation(let operation):
                sizes.append(size)
                work = .operation(ExecutableStep.Operation(operation, index: index))
            case .oscillator(let oscillator):
                sizes.append(size)
                work = .oscillator(oscillator)
            case .mouse:
                sizes.append(size)
                work = .mouse
            case .key(let key):
                sizes.append(size)
                work = .key(key)
            case .pick(let pick):
                sizes.append(size)
                work = .pick(pick, input: index[pick.input.node] ?? 0)
            case .drag(let drag):
                sizes.append(size)
                work = .drag(drag)
            case .time:
                work = .time
                sizes.append(size)
            }
            works.append(work)
        }
        let built = zip(plan.steps, works).compactMap { step, work in
            work.map { ExecutableStep(work: $0, releases: step.releases.compactMap { index[$0] }) }
        }
        guard diagnostics.isEmpty, built.count == plan.steps.count else { throw DiagnosticsError(diagnostics) }

        self.programs = programs
        steps = built
        images = Array(repeating: nil, count: built.count)
        values = zip(plan.steps, built).map { planned, step in
            switch step.work {
            case .constant(let numbers): numbers
            // A smoothed value starts from its first input, not from zero: it starts empty.
            case .operation(let operation) where operation.operation == .smooth: []
            // Picked colours and dragged numbers start where the last graph left them.
            case .pick(let pick, _): resources.heldValue(for: planned.node.name) ?? pick.initial
            case .drag(let drag): resources.heldValue(for: planned.node.name) ?? [drag.initial]
            default:
                if case .value(let components) = planned.node.output { [Float](repeating: 0, count: components) } else { [] }
            }
        }
        readsFrameState = built.contains { step in
            if case .shader(let pass) = step.work { pass.frameUniforms != nil } else { false }
        }
        stepIndex = index
        stepNames = plan.steps.map(\.node.name)
        inputDescriptors = zip(built, sizes).map { step, size in
            switch step.work {
            case .source(let target): target.descriptor
            case .shader(let pass): pass.target
            case .pattern(_, _, let target): target
            case .live(let live): live.placeholder.descriptor
            case .sequence(let player): player.target.descriptor
            default: TextureDescriptor(size: size)
            }
        }
        outputStep = index[composition.output] ?? built.count - 1
    }

    /// Settles a shader pass's bindings: samplers to texture units, literal uniforms written once now
    /// (a program keeps its uniform values), wired uniforms resolved to value slots.
    private static func bind(_ pass: ShaderPass, node: String, program: ShaderProgram, size: PixelSize, index: [String: Int],
                             sizes: [PixelSize], feedback: FeedbackBuffers?, writer: inout UniformWriter) throws(GPUError) -> ExecutableStep.Pass {
        glUseProgram(program.name)
        var inputs: [ExecutableStep.Input] = []
        for (unit, sampler) in pass.interface.samplers.enumerated() {
            guard let wire = pass.inputs[sampler.name], let source = index[wire.node] else { continue }
            glUseProgram(program.name)
            glUniform1i(program.uniformLocation(sampler.name), GLint(unit))
            let reshaper = wire.node == node ? nil
                : try InputReshaper(mapping: pass.mapping(of: sampler.name), input: sizes[source], pass: size)
            // 1:1 sampling is exact with nearest and much cheaper on a software rasteriser.
            let filter = sizes[source] == size || reshaper != nil ? GL_NEAREST : GL_LINEAR
            inputs.append(ExecutableStep.Input(step: source, unit: unit, filter: filter, isFeedback: wire.node == node,
                                               reshaper: reshaper))
        }
        glUseProgram(program.name)
        var wired: [ExecutableStep.WiredUniform] = []
        for (name, setting) in pass.uniforms.sorted(by: { $0.key < $1.key }) {
            guard let declaration = pass.interface.uniform(named: name) else { continue }
            let location = program.uniformLocation(name)
            let count = declaration.arrayLength ?? 1
            switch setting {
            case .literal(let numbers, _):
                numbers.withUnsafeBufferPointer { writer.set(location, type: declaration.type, count: count, values: $0) }
            case .wire(let wire):
                guard let source = index[wire.node] else { continue }
                wired.append(ExecutableStep.WiredUniform(location: location, type: declaration.type, count: count,
                                                         source: source, components: wire.components))
            }
        }
        // Parameters the composition leaves alone start at the default the shader declares for them.
        for declaration in pass.interface.uniforms where pass.uniforms[declaration.name] == nil {
            guard let defaults = declaration.annotation?.defaultValue else { continue }
            defaults.withUnsafeBufferPointer {
                writer.set(program.uniformLocation(declaration.name), type: declaration.type,
                           count: declaration.arrayLength ?? 1, values: $0)
            }
        }
        setTexelStep(of: pass, program: program, inputSize: inputs.first.map { sizes[$0.step] } ?? size, writer: &writer)
        let frameUniforms = FrameUniforms(program: program, interface: pass.interface, passSize: size,
                                          inputSizes: inputs.map { sizes[$0.step] })
        return ExecutableStep.Pass(program: program, inputs: inputs, wiredUniforms: wired, frameUniforms: frameUniforms,
                                   feedback: feedback,
                                   target: TextureDescriptor(size: size, format: pass.format))
    }

    /// The literal numbers a pass's uniforms are set to (the first component), for ISF's WIDTH/HEIGHT expressions.
    private static func literalNumbers(of pass: ShaderPass) -> [String: Double] {
        var numbers: [String: Double] = [:]
        for declaration in pass.interface.uniforms {
            if case .literal(let values, _)? = pass.uniforms[declaration.name], let first = values.first {
                numbers[declaration.name] = Double(first)
            } else if let first = declaration.annotation?.defaultValue?.first {
                numbers[declaration.name] = Double(first)
            }
        }
        return numbers
    }

    /// GPUImage's neighbourhood convention: `texelWidth` and `texelHeight` are one texel of the first input
    /// unless the composition sets them, and the vertex stage's neighbour coordinates step by the same.
    private static func setTexelStep(of pass: ShaderPass, program: ShaderProgram, inputSize: PixelSize,
                                     writer: inout UniformWriter) {
        var step = [1 / Float(inputSize.width), 1 / Float(inputSize.height)]
        for (component, name) in [VertexStage.texelWidthUniform, VertexStage.texelHeightUniform].enumerated() {
            if case .literal(let numbers, _) = pass.uniforms[name], numbers.count == 1 {
                step[component] = numbers[0]
            } else if pass.uniforms[name] == nil, let declaration = pass.interface.uniform(named: name), declaration.type == .float {
                [step[component]].withUnsafeBufferPointer {
                    writer.set(program.uniformLocation(name), type: .float, count: 1, values: $0)
                }
            }
        }
        step.withUnsafeBufferPointer {
            writer.set(program.uniformLocation(VertexStage.texelStepUniform), type: .vec2, count: 1, values: $0)
        }
    }

    /// Renders one frame and returns the output's target, valid until the next call.
    @discardableResult
    public func renderFrame(_ time: FrameTime) throws(GPUError) -> RenderTarget {
        // The left button went down since the last frame: pick nodes sample there, drags start there.
        let press = pendingPress
        let release = pendingRelease
        pendingPress = nil
        pendingRelease = nil
        let delta = previousTime.map { time.seconds > $0 ? time.seconds - $0 : 0 }.flatMap { $0 > 0 ? $0 : nil }
            ?? (time.index > 0 ? time.seconds / Double(time.index) : 1.0 / 60)
        previousTime = time.seconds
        // Working out the calendar date is not free; only ShaderToy and ISF passes read it.
        let date = readsFrameState ? FrameState.date(at: createdAt.addingTimeInterval(time.seconds)) : .zero
        frameState = FrameState(time: time, delta: delta, mouse: mouse, date: date)
        // Last frame's kept images go back to the pool now that nobody shows them.
        for index in images.indices {
            if let target = images[index], steps[index].isPooled { pool.release(target) }
            images[index] = nil
        }
        for (index, step) in steps.enumerated() {
            switch step.work {
            case .source(let target):
                images[index] = target
            case .pattern(let program, let timeLocation, let descriptor):
                let target = try pool.acquire(descriptor)
                target.bindForDrawing()
                glUseProgram(program.name)
                glUniform1f(timeLocation, Float(time.seconds))
                quad.draw()
                images[index] = target
            case .live(let live):
                images[index] = try show(live, time: time)
            case .sequence(let player):
                do {
                    images[index] = try player.image(forFrame: time.index)
                } catch {
                    throw GPUError(error.diagnostics.map(\.message).joined(separator: "; "))
                }
            case .shader(let pass) where pass.isfPasses != nil:
                reshapeInputs(of: pass)
                glUseProgram(pass.program.name)
                bindInputs(of: pass)
                for uniform in pass.wiredUniforms { write(uniform) }
                pass.frameUniforms?.set(frameState)
                images[index] = try pass.isfPasses?.render(drawing: quad, pool: pool)
            case .shader(let pass):
                reshapeInputs(of: pass)
                let target = if let feedback = pass.feedback { feedback.next } else { try pool.acquire(pass.target) }
                target.bindForDrawing()
                glUseProgram(pass.program.name)
                bindInputs(of: pass)
                for uniform in pass.wiredUniforms { write(uniform) }
                pass.frameUniforms?.set(frameState)
                quad.draw()
                pass.feedback?.advance()
                images[index] = target
            case .constant:
                break
            case .time:
                if !values[index].isEmpty { values[index][0] = Float(time.seconds) }
            case .reduction(let reduction, let input):
                if let image = images[input] { values[index] = reduction.measure(image) }
            case .operation(let operation):
                operation.evaluate(into: &values, at: index)
            case .oscillator(let oscillator):
                values[index][0] = oscillator.value(at: time.seconds)
            case .mouse:
                values[index] = [pointer.x, pointer.y, pointer.z]
            case .key(let key):
                values[index][0] = keysHeld.contains(key) ? 1 : 0
            case .pick(_, let input):
                if let press, let image = images[input] {
                    values[index] = image.readPixel(x: Int(press.x * Float(image.size.width)), y: Int(press.y * Float(image.size.height)))
                    resources.hold(values[index], for: stepNames[index])
                }
            case .drag(let drag):
                if let press { dragStarts[index] = (press.x, values[index][0]) }
                // A drag can start and end between two frames; the release says where it ended.
                if let start = dragStarts[index], let x = release?.x ?? (pointer.z > 0 ? pointer.x : nil) {
                    values[index][0] = min(max(start.value + (x - start.x) * drag.scale, drag.range.lowerBound), drag.range.upperBound)
                    resources.hold(values[index], for: stepNames[index])
                }
                if release != nil { dragStarts[index] = nil }
            }
            for released in step.releases where steps[released].isPooled {
                if let target = images[released] {
                    pool.release(target)
                    images[released] = nil
                }
            }
        }
        guard let output = images[outputStep] else {
            throw GPUError("the output '\(composition.output)' produced no image")
        }
        return output
    }

    /// A camera node's feed (kept in `resources` across reloads) and what stands in before its first frame.
    /// An explicit device that is not there is the composition's error; a missing `auto` camera is not.
    private static func cameraStep(_ camera: CameraSource, node: String, compositionSize: PixelSize?,
                                   resources: GraphResources) throws(DiagnosticsError) -> ExecutableStep.Live {
        let feed = try resources.cameraFeed(for: camera, compositionSize: compositionSize)
        let size = resources.negotiatedSize(of: camera) ?? camera.size ?? compositionSize ?? .standard
        do {
            let placeholder = try RenderTarget(TextureDescriptor(size: size))
            guard camera.device == .auto else { return ExecutableStep.Live(feed: feed, pattern: nil, placeholder: placeholder) }
            let program = try resources.program(for: try TestPattern.prepared(), node: node)
            glUseProgram(program.name)
            glUniform2f(program.uniformLocation("size"), Float(size.width), Float(size.height))
            return ExecutableStep.Live(feed: feed, pattern: (program, program.uniformLocation("time")), placeholder: placeholder)
        } catch let error as GPUError {
            throw DiagnosticsError([.error(error.message, at: camera.location)])
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([.error("\(error)", at: camera.location)])
        }
    }

    /// The source's frame for this moment (a camera's newest, a movie's frame at the clock's time), else its
    /// last one, else the pattern (for an `auto` camera) or black.
    private func show(_ live: ExecutableStep.Live, time: FrameTime) throws(GPUError) -> RenderTarget {
        let moment = live.movie?.movieTime(at: time.seconds, duration: live.feed.source.duration) ?? time.seconds
        try live.feed.update(at: moment, wait: cameraWait, failing: cameraWait != nil)
        if let latest = live.feed.latest { return latest }
        if let (program, timeLocation) = live.pattern {
            live.placeholder.bindForDrawing()
            glUseProgram(program.name)
            glUniform1f(timeLocation, Float(time.seconds))
            quad.draw()
        }
        return live.placeholder
    }

    /// One line per live source that is not delivering, and for an `auto` camera showing the pattern instead.
    public var notices: [String] {
        steps.compactMap { step in
            guard case .live(let live) = step.work else { return nil }
            if live.feed.latest == nil, live.pattern != nil, !live.feed.source.isPresent {
                return "no camera found; showing the test pattern"
            }
            return live.feed.notice
        }
    }

    /// Whether an `auto` camera shows the moving test pattern because no camera has delivered.
    public var showsPatternForCamera: Bool {
        steps.contains { step in
            guard case .live(let live) = step.work else { return false }
            return live.pattern != nil && live.feed.latest == nil
        }
    }

    /// Whether any node shows a live camera, so the window redraws when a frame arrives.
    public var hasCamera: Bool {
        steps.contains { if case .live(let live) = $0.work { live.movie == nil } else { false } }
    }

    /// The movies the graph plays, by node name.
    public var movies: [String: any FrameSource] {
        var movies: [String: any FrameSource] = [:]
        for (index, step) in steps.enumerated() {
            if case .live(let live) = step.work, live.movie != nil { movies[stepNames[index]] = live.feed.source }
        }
        return movies
    }

    /// Lays inputs of another shape onto the pass's shape, where their mapping says; before the pass binds
    /// its own target, since each reshaping is a draw of its own.
    private func reshapeInputs(of pass: ExecutableStep.Pass) {
        for input in pass.inputs {
            guard let reshaper = input.reshaper, let image = images[input.step] else { continue }
            reshaper.reshape(image, quad: quad)
        }
    }

    /// Binds each input the pass samples to its unit: reshaped, fed back, or as its node made it.
    private func bindInputs(of pass: ExecutableStep.Pass) {
        for input in pass.inputs {
            let image = input.reshaper?.target ?? (input.isFeedback ? pass.feedback?.previous : images[input.step])
            image?.bind(toUnit: input.unit, filter: input.filter)
        }
    }

    /// What a shader node's pass draws into and samples, for warming up a new program for it.
    public func layout(of node: String) -> ProgramWarmUp.Layout? {
        guard let index = stepIndex[node], case .shader(let pass) = steps[index].work else { return nil }
        return ProgramWarmUp.Layout(target: pass.target, inputs: pass.inputs.map { input in
            ProgramWarmUp.Layout.Input(texture: input.reshaper?.target.descriptor ?? inputDescriptors[input.step],
                                       linearFilter: input.filter == GL_LINEAR)
        })
    }

    /// The left button went down at `position` (texture coordinates of the output): the next frame's pick
    /// nodes sample there and drags start there, even if the button is already up again by then.
    public func pointerPressed(at position: SIMD2<Float>) {
        pendingPress = position
    }

    /// The left button went up at `position`: drags end there.
    public func pointerReleased(at position: SIMD2<Float>) {
        pendingRelease = position
    }

    /// The value a value node made in the last frame; nil for image nodes and nodes that did not run.
    public func value(of node: String) -> [Float]? {
        guard let index = stepIndex[node], !values[index].isEmpty else { return nil }
        return values[index]
    }

    /// The image a kept node made in the last frame.
    public func image(of node: String) -> RenderTarget? {
        stepIndex[node].flatMap { images[$0] }
    }

    private func write(_ uniform: ExecutableStep.WiredUniform) {
        let source = values[uniform.source]
        let count: Int
        if uniform.components.isEmpty {
            count = source.count
            for index in 0..<count { wireScratch[index] = source[index] }
        } else {
            count = uniform.components.count
            for (index, component) in uniform.components.enumerated() { wireScratch[index] = source[component] }
        }
        wireScratch.withUnsafeBufferPointer { buffer in
            uniformWriter.set(uniform.location, type: uniform.type, count: uniform.count,
                              values: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}

/// One node's work in a frame, with everything resolved to indices.
struct ExecutableStep {
    struct Input {
        var step: Int
        var unit: Int
        var filter: GLint
        /// Reads the pass's own previous frame.
        var isFeedback: Bool
        /// Lays the input onto the pass's shape when its aspect ratio differs.
        var reshaper: InputReshaper?
    }

    struct WiredUniform {
        var location: GLint
        var type: GLSLType
        var count: Int
        var source: Int
        var components: [Int]
    }

    struct Pass {
        var program: ShaderProgram
        var inputs: [Input]
        var wiredUniforms: [WiredUniform]
        var frameUniforms: FrameUniforms?
        /// Set when the pass reads its own previous frame; it then draws into these instead of the pool.
        var feedback: FeedbackBuffers?
        /// Set for an ISF shader with PASSES, which draws them all.
        var isfPasses: ISFPassChain?
        var target: TextureDescriptor
    }

    /// A camera or movie: frames from a source, converted on the GPU.
    struct Live {
        var feed: FrameFeed
        /// The test pattern an `auto` camera shows until a camera delivers.
        var pattern: (program: ShaderProgram, timeLocation: GLint)?
        var placeholder: RenderTarget
        /// Set for a movie: how its timeline follows the clock.
        var movie: MovieSource?
    }

    /// A value operation with its operands resolved to literals or value slots.
    struct Operation {
        enum Source {
            case literal([Float])
            case slot(Int, components: [Int])
        }

        var operation: ValueOperation.Operator
        var sources: [String: Source]
        var order: [String]
        var count: Int

        init(_ operation: ValueOperation, index: [String: Int]) {
            self.operation = operation.operation
            count = operation.componentCount
            order = operation.operands.map(\.role)
            var sources: [String: Source] = [:]
            for (role, operand) in operation.operands {
                switch operand {
                case .literal(let numbers): sources[role] = .literal(numbers)
                case .wire(let wire): sources[role] = .slot(index[wire.node] ?? 0, components: wire.components)
                }
            }
            self.sources = sources
        }

        /// One component of an operand; a one-number operand stands for every component.
        private func value(_ role: String, _ component: Int, in values: [[Float]]) -> Float {
            let numbers: [Float]
            switch sources[role] {
            case .literal(let literal): numbers = literal
            case .slot(let slot, let components):
                numbers = components.isEmpty ? values[slot] : components.map { values[slot].indices.contains($0) ? values[slot][$0] : 0 }
            case nil: return 0
            }
            guard !numbers.isEmpty else { return 0 }
            return numbers.count == 1 ? numbers[0] : numbers[min(component, numbers.count - 1)]
        }

        func evaluate(into values: inout [[Float]], at slot: Int) {
            var result = values[slot]
            let first = result.count != count
            if first { result = [Float](repeating: 0, count: count) }
            for component in 0..<count {
                switch operation {
                case .add: result[component] = order.reduce(0) { $0 + value($1, component, in: values) }
                case .multiply: result[component] = order.reduce(1) { $0 * value($1, component, in: values) }
                case .mix:
                    let a = value("a", component, in: values), b = value("b", component, in: values)
                    result[component] = a + (b - a) * value("t", component, in: values)
                case .clamp:
                    result[component] = min(max(value("value", component, in: values), value("min", component, in: values)),
                                            value("max", component, in: values))
                case .smooth:
                    // The previous result is this slot's own last value; the factor is the share it keeps.
                    let factor = first ? 0 : min(max(value("factor", component, in: values), 0), 1)
                    result[component] = result[component] * factor + value("value", component, in: values) * (1 - factor)
                }
            }
            values[slot] = result
        }
    }

    enum Work {
        case source(RenderTarget)
        case sequence(SequencePlayer)
        case reduction(ImageReduction, input: Int)
        case operation(Operation)
        case oscillator(Oscillator)
        case mouse
        case key(String)
        case pick(PickedColour, input: Int)
        case drag(DraggedValue)
        case live(Live)
        case pattern(ShaderProgram, timeLocation: GLint, target: TextureDescriptor)
        case shader(Pass)
        case constant([Float])
        case time
    }

    var work: Work
    var releases: [Int]

    /// Whether this step's image comes from the pool (and must go back to it).
    var isPooled: Bool {
        switch work {
        case .pattern: true
        case .shader(let pass): pass.feedback == nil && (pass.isfPasses?.outputIsPooled ?? true)
        default: false
        }
    }
}

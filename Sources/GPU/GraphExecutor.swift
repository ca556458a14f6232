import CGLES
import Foundation
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Runs a composition frame by frame on the current GL context: nodes in dependency order, each shader a
/// pass into a pooled render target. The window, headless renders, tests, benchmarks and embedded
/// compositions all use this one.
///
/// Its roles live apart: the plan (`FramePlan`, what a frame does, shared with the exporters), the binding
/// (`GraphBinding`: GL objects, units and literal uniforms, settled once), the frame (`renderFrame`, in
/// GraphExecutor+Frame.swift: each step's kind runs, in Steps/) and what the frame sees (`FrameContext`).
public final class GraphExecutor {
    /// The plan this executor runs.
    public let plan: FramePlan
    public var composition: Composition { plan.composition }
    public let renderSize: PixelSize
    /// The size of the output's image, which is what a render writes: the output node's own where it has one (a
    /// pass's `size`, an image's file, a camera's frames), else `renderSize`.
    public let outputSize: PixelSize
    public let pool: FramebufferPool
    /// The linked program of each shader and pattern node, by node name.
    public let programs: [String: ShaderProgram]

    /// The text each compute node's kernels were built from, in pass order, by node: a reload that changes them
    /// swaps the node's programs.
    public var kernelTexts: [String: [String]] {
        Dictionary(uniqueKeysWithValues: zip(plan.steps, steps).compactMap { planned, step in
            (step.work as? ComputeStep).map { (planned.node.name, $0.passes.map(\.program.text)) }
        })
    }
    /// Programs and images shared with the executors before and after this one.
    public let resources: GraphResources
    /// How long a frame waits for a new camera frame: nil in the window (the newest frame wins, never
    /// blocking), a few seconds in renders, which use one captured frame per rendered frame.
    public var cameraWait: Double?
    /// The pointer for shaders that follow it (ShaderToy's `iMouse`): pixels of the output with y up, xy while
    /// a button is held and zw where it was pressed (negative while released).
    public var mouse = SIMD4<Float>(0, 0, 0, 0)
    /// Where the pointer is over the output, a button held or not, for shaders that follow it (glslViewer's
    /// `u_mouse`): pixels of the output with y up; in renders, where `--mouse` puts it. Nil until it has been
    /// over the output.
    public var pointerPosition: SIMD2<Float>?
    /// The pointer for `mouse` nodes: x, y in texture coordinates of the output (from the top-left), and 1
    /// while the left button is held.
    public var pointer = SIMD3<Float>(0, 0, 0)
    /// Keys held in the window, for `key` nodes: `a`…`z`, `space`.
    public var keysHeld: Set<String> = []
    /// The keyboard for ShaderToy's keyboard channel (`keyboard` nodes); all up in renders.
    public var keyboard = ShaderToyKeyboard()
    var previousTime: Double?
    var pendingPress: SIMD2<Float>?
    var pendingRelease: SIMD2<Float>?
    /// Where ShaderToy's `iDate` and ISF's `DATE` come from: the wall clock unless a render fixes it.
    public var dateOrigin = DateOrigin.wallClock
    /// The interval between frames when it is fixed (renders: one frame at their rate), for `iTimeDelta`
    /// and `iFrameRate` from the first frame on; nil measures it between calls.
    public var frameInterval: Double?
    /// Whether any pass sets dialect uniforms (time, date, …) each frame.
    let readsFrameState: Bool

    let steps: [ExecutableStep]
    /// The texture each step's image is, for describing passes' inputs.
    let descriptors: [TextureDescriptor]
    /// What the steps see of the frame: its moment, and the images and values they make.
    var frame: FrameContext
    /// Time every step (see `StepTimer`); off, a frame costs nothing extra.
    public var timesSteps = false
    /// Made the first time steps are timed.
    var stepTimer: StepTimer?
    /// What each step cost in the last frame timed, in milliseconds.
    var stepMilliseconds: [Double?]
    /// Whether the last frame brought new figures of what the steps cost, which a view showing them draws.
    public internal(set) var stepTimesChanged = false
    /// Whether a timed frame's figures are still on their way from the GPU, so a view showing them needs another frame.
    public var isWaitingForStepTimes: Bool { stepTimer?.isWaitingForResults ?? false }
    /// The watches drawn beside the watched node's pass (`watch(_:of:)`).
    public internal(set) var watchPasses: [ShaderWatchPass] {
        get { frame.watchPasses }
        set { frame.watchPasses = newValue }
    }

    /// Plans `composition` and binds the plan; see `init(plan:…)`. `keeping` names nodes whose images must
    /// be readable after a frame besides the output. `packingOutput`: each frame is read back as YUV 4:2:0 in
    /// that matrix by a `PlanarReadback`, and the output's pass draws the planes itself where it can (`packsOutput`).
    public convenience init(composition: Composition, renderSize: PixelSize? = nil, keeping: Set<String> = [],
                            resources: GraphResources = GraphResources(), externalImages: [String: RenderTarget] = [:],
                            packingOutput: ColorEncoding.Matrix? = nil) throws(DiagnosticsError) {
        try self.init(plan: try FramePlan(composition, keeping: keeping, convertingFrames: FrameConverter.convertsInReaders,
                                          packingOutput: packingOutput.map(YUV420Packing.init)),
                      renderSize: renderSize, resources: resources, externalImages: externalImages)
    }

    /// Whether the output's image is its YUV 4:2:0 planes, packed as `PlanarReadback(…, packed: true)` reads them.
    public var packsOutput: Bool {
        if case .pass(let pass) = plan.steps[plan.output].work { pass.packing != nil } else { false }
    }

    /// Loads images, opens live sources, compiles every shader and binds `plan`. Problems in the user's
    /// files come back together as one `DiagnosticsError`; a GPU failure is reported as a diagnostic at the
    /// composition. `renderSize` overrides the plan's; `resources` carries programs and images over from a
    /// previous executor, so what did not change is neither recompiled nor reloaded. `externalImages`
    /// stand for source nodes (image, camera, movie) whose pixels an embedding app supplies, by node name.
    public init(plan: FramePlan, renderSize: PixelSize? = nil, resources: GraphResources = GraphResources(),
                externalImages: [String: RenderTarget] = [:]) throws(DiagnosticsError) {
        self.plan = plan
        self.resources = resources
        let pool = FramebufferPool()
        self.pool = pool
        let quad: FullscreenQuad
        do {
            quad = try FullscreenQuad()
        } catch {
            throw DiagnosticsError([.error(error.message, at: SourceLocation(file: plan.composition.path, line: 0))])
        }
        var writer = UniformWriter()
        let binding = try GraphBinding(plan, renderSize: renderSize, resources: resources, externalImages: externalImages,
                                       writer: &writer)
        self.renderSize = binding.renderSize
        outputSize = binding.outputSize
        programs = binding.programs
        steps = binding.steps
        descriptors = binding.descriptors
        stepMilliseconds = Array(repeating: nil, count: binding.steps.count)
        // Each step starts from its constant or initial value; picked colours and dragged numbers from where
        // the last graph left them.
        let values = zip(plan.steps, binding.steps).map { planned, step in
            step.work.initialValue(for: planned.node, held: resources.heldValue(for: planned.node.name))
        }
        frame = FrameContext(images: Array(repeating: nil, count: binding.steps.count), values: values,
                             sourceSeconds: Array(repeating: nil, count: binding.steps.count), feedback: binding.steps.map(\.work.feedback),
                             pool: pool, quad: quad, resources: resources, uniformWriter: writer)
        readsFrameState = binding.steps.contains { ($0.work as? ShaderStep)?.frameUniforms != nil }
    }

    /// How many full-frame draws (passes, ISF passes, reshaped inputs, watches, frames' conversions) the graph
    /// has made so far. A camera's or movie's feed outlives a reload, and counts its conversions for every
    /// graph that shows it: compare counts taken from one executor.
    public var passesDrawn: Int {
        frame.quad.drawCount + steps.reduce(0) { $0 + (($1.work as? any LiveFeedStep)?.feed.conversionsDrawn ?? 0) }
    }

    /// A warning per live source that is not delivering, and for an `auto` camera showing the pattern instead.
    public var notices: [Diagnostic] { pictureNotices + soundNotices }

    /// The warnings of `notices` about cameras and movies.
    public var pictureNotices: [Diagnostic] {
        steps.compactMap { ($0.work as? any LiveFeedStep)?.notice }
    }

    /// The warnings of `notices` about sound (no capture device, capture stopped, silence in a render).
    public var soundNotices: [Diagnostic] {
        steps.compactMap { step in
            (step.work as? SoundStep)?.source.notice.map { .warning($0, code: .soundNotHeard) }
        }
    }

    /// The sound of every audio node.
    public var soundSources: [any SoundSource] {
        steps.compactMap { ($0.work as? SoundStep)?.source }
    }

    /// One line per live source saying what it delivers, once that is settled.
    public var deliveries: [String] {
        steps.compactMap { ($0.work as? any LiveFeedStep)?.feed.source.delivery }
    }

    /// Whether any node shows a live camera, so the window redraws when a frame arrives.
    public var hasCamera: Bool {
        steps.contains { $0.work is CameraStep }
    }

    /// Whether a network stream's or a camera's frames come at a size other than its node was built with (a
    /// PipeWire camera back at another size, a stream's first frames): the graph is to be built again for the
    /// node to take it.
    public var sourceChangedSize: Bool {
        steps.contains { step in
            // Asked every frame: a movie file's frames are always its node's size, so its URL is never looked at.
            if let camera = step.work as? CameraStep {
                return camera.feed.frameSize.map { $0 != camera.placeholder.descriptor.size } ?? false
            }
            guard let movie = step.work as? MovieStep, let size = movie.feed.frameSize, size != movie.placeholder.descriptor.size else { return false }
            return movie.movie.isStream
        }
    }

    /// The movies the graph plays, by node name.
    public var movies: [String: any FrameSource] {
        var movies: [String: any FrameSource] = [:]
        for (index, step) in steps.enumerated() {
            if let movie = step.work as? MovieStep { movies[plan.steps[index].node.name] = movie.feed.source }
        }
        return movies
    }

    /// What a shader node's pass draws into and samples, for warming up a new program for it.
    public func layout(of node: String) -> ProgramWarmUp.Layout? {
        guard let index = plan.step(named: node), let pass = steps[index].work as? ShaderStep else { return nil }
        return ProgramWarmUp.Layout(target: pass.target, inputs: pass.inputs.map { input in
            ProgramWarmUp.Layout.Input(texture: input.sound?.target.descriptor ?? input.reshaper?.target.descriptor ?? descriptors[input.step],
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
        guard let index = plan.step(named: node), !frame.values[index].isEmpty else { return nil }
        return frame.values[index]
    }

    /// What a node cost in the last frame drawn with `timesSteps` on, in milliseconds; nil before one.
    public func milliseconds(of node: String) -> Double? {
        plan.step(named: node).flatMap { stepMilliseconds[$0] }
    }

    /// Elements `range` of compute node `node`'s storage buffer `buffer` as the last frame left them, each element's
    /// numbers; nil when the node has no such buffer. Waits for the kernels that wrote them.
    public func bufferElements(of node: String, buffer name: String, range: Range<Int>) -> [[Float]]? {
        guard let index = plan.step(named: node), let compute = steps[index].work as? ComputeStep,
              let buffer = compute.buffers.first(where: { $0.plan.name == name }) else { return nil }
        // What the kernels wrote, made visible to a mapping of the buffer.
        glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        let numbers = buffer.numbers(elements: range), width = max(buffer.plan.element.components, 1)
        return stride(from: 0, to: numbers.count, by: width).map { Array(numbers[$0..<min($0 + width, numbers.count)]) }
    }

    /// The image a kept node made in the last frame.
    public func image(of node: String) -> RenderTarget? {
        plan.step(named: node).flatMap { frame.images[$0] }
    }
}

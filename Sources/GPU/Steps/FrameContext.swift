import ShaderGraph

/// What a bound step sees of the frame it runs in (`BoundStep.run`): the moment, the pointer and keys, the images
/// and values the steps before it made, and what it draws with. The executor keeps one across frames and sets
/// the moment and the input at the start of each, so running a frame allocates nothing for it.
struct FrameContext {
    /// The pointer and keys as the window last saw them, for `mouse`, `key`, `pick` and `drag` steps.
    struct Interaction {
        /// x, y in texture coordinates of the output (from the top-left), and 1 while the left button is held.
        var pointer: SIMD3<Float>
        var keysHeld: Set<String>
        /// Where the left button went down and up since the last frame.
        var press: SIMD2<Float>?
        var release: SIMD2<Float>?
    }

    /// The moment and what dialects' per-frame uniforms read.
    var state = FrameState(time: FrameTime(index: 0, seconds: 0), delta: 1.0 / 60, mouse: .zero, date: .zero)
    var interaction = Interaction(pointer: .zero, keysHeld: [])
    /// The keyboard for ShaderToy's keyboard channel now, and what the keyboard images hold (so an unchanged
    /// keyboard is not uploaded again).
    var keyboard = ShaderToyKeyboard()
    var uploadedKeyboard = ShaderToyKeyboard()
    /// How long a live source waits for a new frame (`GraphExecutor.cameraWait`).
    var cameraWait: Double?

    /// Each step's image this frame; pooled ones are returned as soon as their last reader has run.
    var images: [RenderTarget?]
    /// Each step's numbers (empty for image steps), kept from frame to frame.
    var values: [[Float]]
    /// A movie source's playback time this frame, by step, for ShaderToy's `iChannelTime`.
    var sourceSeconds: [Double?]
    /// Each step's feedback buffers, for inputs that read its previous frame.
    let feedback: [FeedbackBuffers?]

    let pool: FramebufferPool
    let quad: FullscreenQuad
    /// Where picked and dragged values are held across graphs.
    let resources: GraphResources
    var uniformWriter: UniformWriter
    /// Where a wired uniform's components are gathered before they are written.
    var wireScratch = [Float](repeating: 0, count: 16)

    /// The step whose shader is watched, and its watches (`GraphExecutor.watch(_:of:)`).
    var watchedStep: Int?
    var watchPasses: [ShaderWatchPass] = []
}

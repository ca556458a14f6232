import CGLES
import ShaderGraph
import ShaderLanguage

/// One step of a frame plan bound to GL: programs linked, samplers on their units, literal uniforms written,
/// images and live feeds at hand, every reference an index into the executor's steps.
struct ExecutableStep {
    struct Input {
        var step: Int
        var unit: Int
        var filter: GLint
        var wrap: GLint
        /// Reads the previous frame of its step's pass (the pass's own, or another's).
        var isFeedback: Bool
        /// Lays the input onto the pass's shape when its aspect ratio differs.
        var reshaper: InputReshaper?
        /// Set for an ISF audio or audioFFT input: its image, made from the sound step's sound each frame.
        var sound: SoundTexture?
        /// Whether the linked program reads it at all: a sampler declared and never sampled is inactive, and the
        /// pass's image then does not depend on this input's.
        var isRead = true
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
        /// Set when the pass keeps its previous frame, for itself or for others; it then draws into these
        /// instead of the pool.
        var feedback: FeedbackBuffers?
        /// Set when the shader samples its target's previous contents from a texture (it reads
        /// `gl_LastFragData` and does not fetch it): the unit they go on.
        var previousContentsUnit: Int?
        /// Whether it fetches its target, drawing over its last frame in place rather than into the other buffer.
        var drawsInPlace: Bool
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

    enum Work {
        case source(RenderTarget)
        case sequence(SequencePlayer)
        case live(Live)
        /// An audio node: no image of its own; the inputs wired to it make theirs from its sound.
        case sound(any SoundSource)
        case pattern(ShaderProgram, timeLocation: GLint, target: TextureDescriptor)
        case shader(Pass)
        case constant([Float])
        case time
        case reduction(ImageReduction, input: Int)
        case operation(OperationPlan)
        case oscillator(Oscillator)
        case mouse
        case key(String)
        /// ShaderToy's keyboard image, uploaded in the frames the keyboard changed.
        case keyboard(RenderTarget)
        case pick(PickedColour, input: Int)
        case drag(DraggedValue)
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

    /// The texture this step's image is, for passes that sample it; `size` for steps that make no image.
    func descriptor(orSize size: PixelSize) -> TextureDescriptor {
        switch work {
        case .source(let target), .keyboard(let target): target.descriptor
        case .shader(let pass): pass.target
        case .pattern(_, _, let target): target
        case .live(let live): live.placeholder.descriptor
        case .sequence(let player): player.target.descriptor
        default: TextureDescriptor(size: size)
        }
    }
}

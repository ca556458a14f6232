import ShaderLanguage

/// A loaded, validated node graph: what the executor runs and the window shows.
public struct Composition: Sendable {
    /// The file it came from (a composition, or a shader opened on its own), as shown in messages.
    public var path: String
    /// The render size the composition asks for; nil lets the first image input decide.
    public var size: PixelSize?
    /// Nodes in the order the file declares them; names are unique.
    public var nodes: [Node]
    /// The node whose image is the composition's result.
    public var output: String
    /// Parameters offered for live tuning, as `node.uniform`.
    public var published: [ParameterReference]
    /// The source node that `--input` replaces: the one named by `live:`, else the first source node.
    public var liveSource: String?
    /// Where `output:` and `live:` are written, for errors about them (the file's start when absent).
    public var outputLocation: SourceLocation?
    public var liveSourceLocation: SourceLocation?
    /// Problems that did not stop it loading, each located: a value clamped into the range its shader
    /// declares, an `--input` with no source to replace. Every command prints them.
    public var warnings: [Diagnostic] = []
    /// `osc-out:`: value nodes sent over OSC as they change, and where to.
    public var oscOutput: OSCOutputSetting?
    /// `osc: PORT`: the UDP port the window listens on for OSC, as `--osc` (which wins) says; where it is written.
    public var oscPort: (port: Int, location: SourceLocation)?
    /// `controls:`: MIDI controllers, notes and the pitch wheel playing published parameters.
    public var controls: [ControlMapping] = []
    /// `midi: CLIENT:PORT`: the sequencer port the window connects at start, as `--midi` (which wins) says.
    public var midiSource: (source: String, location: SourceLocation)?
    /// `fuse: false` draws every shader node as a pass of its own (`FramePlan.fused()`), to compare with the
    /// fused plan or to time each node.
    public var fuses = true

    public init(path: String, size: PixelSize?, nodes: [Node], output: String,
                published: [ParameterReference] = [], liveSource: String? = nil) {
        self.path = path
        self.size = size
        self.nodes = nodes
        self.output = output
        self.published = published
        self.liveSource = liveSource
    }

    public func node(named name: String) -> Node? {
        nodes.first { $0.name == name }
    }

    /// `name` and the passes drawn from its file (`Node.passOf`): where a parameter of `name` is set.
    public func nodes(sharingParametersOf name: String) -> [String] {
        [name] + nodes.filter { $0.passOf == name }.map(\.name)
    }

    /// The shader nodes whose previous frame is read, by themselves or by other nodes: each keeps it.
    public var previousFrameSources: Set<String> {
        Set(nodes.flatMap { node -> [String] in
            guard case .shader(let pass) = node.kind else { return [] }
            return pass.inputs.filter { pass.readsPreviousFrame($0.key, node: node.name) }.map(\.value.node)
        })
    }

    /// Every file the composition reads, the composition itself first: what a watcher follows.
    public var files: [String] {
        var files = [path]
        for node in nodes {
            switch node.kind {
            case .image(let image): files.append(image.file)
            case .movie(let movie): files.append(movie.file)
            case .audio(let audio): files += audio.file.map { [$0] } ?? []
            case .sequence(let sequence): files += sequence.files
            case .shader(let shader):
                files.append(shader.file)
                files += shader.source.includedFiles
                // The conventional vertex shader is followed even before it exists, so creating one reloads.
                if let vertex = shader.interface.vertexShader?.path
                    ?? ShaderInterface.conventionalVertexShaderPath(of: shader.file, dialect: shader.interface.dialect) {
                    files.append(vertex)
                }
            default: break
            }
        }
        return files
    }
}

/// A named node and where the composition declares it.
public struct Node: Sendable {
    public var name: String
    public var kind: NodeKind
    public var location: SourceLocation
    /// For a pass drawn from another node's file (a glslViewer buffer), that node: its parameters are this
    /// pass's too, so tuning one sets it in every pass.
    public var passOf: String?

    public init(name: String, kind: NodeKind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    /// What wiring this node's output into another node carries.
    public var output: NodeOutput {
        switch kind {
        case .image, .sequence, .pattern, .camera, .movie, .shader, .keyboard: .image
        case .audio: .sound
        case .constant(let values): .value(components: values.count)
        case .time, .oscillator, .key: .value(components: 1)
        case .reduction(let reduction): .value(components: reduction.componentCount)
        case .operation(let operation): .value(components: operation.componentCount)
        case .mouse: .value(components: 3)
        case .pick: .value(components: 4)
        case .drag: .value(components: 1)
        }
    }

    /// Source nodes bring images into the graph; `--input` can replace one.
    public var isImageSource: Bool {
        switch kind {
        case .image, .sequence, .pattern, .camera, .movie: true
        default: false
        }
    }
}

public enum NodeOutput: Hashable, Sendable, CustomStringConvertible {
    case image
    case value(components: Int)
    /// Sound, which ISF's audio and audioFFT inputs take as images of their own shape.
    case sound

    public var description: String {
        switch self {
        case .image: "an image"
        case .sound: "sound"
        case .value(let components): components == 1 ? "a value" : "a \(components)-component value"
        }
    }
}

public enum NodeKind: Sendable {
    /// A still image file (PNG, JPEG, TIFF or WebP), uploaded once.
    case image(ImageSource)
    /// Numbered image files, one per frame.
    case sequence(ImageSequence)
    /// A deterministic moving test pattern, drawn on the GPU; stands in for a missing camera.
    case pattern(PatternSource)
    /// A live V4L2 camera, converted to RGB on the GPU.
    case camera(CameraSource)
    /// A movie file decoded on a thread of its own, converted to RGB on the GPU, following the clock.
    case movie(MovieSource)
    /// Sound for ISF audio and audioFFT inputs: a file's, or the live sound.
    case audio(AudioSource)
    /// A fragment-shader pass into a pooled texture.
    case shader(ShaderPass)
    /// Fixed numbers, wired into uniforms.
    case constant([Float])
    /// The clock in seconds: frame k of a render is at k / fps.
    case time
    /// An image measured on the GPU: average colour, centroid, min/max, histogram.
    case reduction(Reduction)
    /// Arithmetic on other values.
    case operation(ValueOperation)
    /// A low-frequency oscillator.
    case oscillator(Oscillator)
    /// The pointer over the window's image: x, y (texture coordinates, from the top-left) and whether the
    /// left button is held (1) or not (0). Zero in renders.
    case mouse
    /// Whether a key (`a`…`z`, `space`) is held in the window: 1 or 0. Zero in renders.
    case key(String)
    /// ShaderToy's keyboard texture, 256×3 by JavaScript key code, rows counted y up as ShaderToy shaders read
    /// them: row 0 whether the key is held, row 1 whether it
    /// went down since the last frame, row 2 whether it was pressed an odd number of times; in red, 255 for yes.
    /// All zero in renders.
    case keyboard
    /// The colour of an image under the pointer when the left button goes down, held until the next
    /// click: r g b a. Its initial value in renders.
    case pick(PickedColour)
    /// A number changed by dragging sideways with the left button held; held when released.
    case drag(DraggedValue)

    /// The word a composition uses for this kind.
    public var name: String {
        switch self {
        case .image: "image"
        case .sequence: "sequence"
        case .pattern: "pattern"
        case .camera: "camera"
        case .movie: "movie"
        case .audio: "audio"
        case .shader: "shader"
        case .constant: "constant"
        case .time: "time"
        case .reduction(let reduction): reduction.measure.rawValue
        case .operation(let operation): operation.operation.rawValue
        case .oscillator: "lfo"
        case .mouse: "mouse"
        case .key: "key"
        case .keyboard: "keyboard"
        case .pick: "pick"
        case .drag: "drag"
        }
    }

    public static let names = ["image", "sequence", "pattern", "camera", "movie", "audio", "shader", "constant", "time", "lfo", "mouse", "key", "keyboard", "pick", "drag"]
        + Reduction.Measure.allCases.map(\.rawValue) + ValueOperation.Operator.allCases.map(\.rawValue)
}

public struct ImageSource: Sendable {
    /// Absolute path of the file.
    public var file: String
    public var location: SourceLocation

    public init(file: String, location: SourceLocation) {
        self.file = file
        self.location = location
    }
}

public struct PatternSource: Sendable {
    /// What it draws (`pattern:`).
    public enum Picture: String, Sendable, CaseIterable {
        /// Colour bars, a grey ramp, an orbiting disc and a sweep line: the moving test pattern.
        case bars
        /// Still colour noise, Bonzomatic's `texNoise`.
        case noise
        /// A still 8 × 8 black and white checkerboard, Bonzomatic's `texChecker`.
        case checker
    }

    /// Nil renders at the composition's size.
    public var size: PixelSize?
    public var picture: Picture

    public init(size: PixelSize? = nil, picture: Picture = .bars) {
        self.size = size
        self.picture = picture
    }
}

public struct ShaderPass: Sendable {
    /// Absolute path of the fragment shader.
    public var file: String
    public var source: SourceText
    public var interface: ShaderInterface
    /// Sampler uniform name → the node whose image it samples.
    public var inputs: [String: Wire]
    /// Uniform name → its value or the value node wired into it.
    public var uniforms: [String: UniformSetting]
    /// Nil renders at the composition's size.
    public var size: PixelSize?
    public var format: PixelFormat
    /// `previous:`, the image inputs that read the image their node made the frame before rather than
    /// this frame's, and where each is named.
    public var previousFrameInputs: [String: SourceLocation] = [:]

    /// Whether `input` reads its node's previous frame: wired to this pass's own node, or named by `previous:`.
    public func readsPreviousFrame(_ input: String, node: String) -> Bool {
        inputs[input]?.node == node || previousFrameInputs[input] != nil
    }

    /// Where each key under `inputs:` and `uniforms:` is written, for errors about the name itself.
    public var keyLocations: [String: SourceLocation] = [:]
    /// `mapping:`, by image input; inputs not named are filled.
    public var mappings: [String: InputMapping] = [:]
    /// `blur:`, where the vertex stage puts a blur's `blurCoordinates`.
    public var blurLayout: BlurLayout = .ordered
    /// `sampling:`, by image input: the filter and edge mode it is read with.
    public var samplings: [String: InputSampling] = [:]
    /// `common:`, a ShaderToy shader's Common code (the site's Common tab), compiled before its own text.
    public var common: SourceText?
    /// Macros defined ahead of the shader's text for this pass alone: glslViewer's `BUFFER_0`, … when one
    /// file draws several passes (`GLSLViewerPasses`).
    public var defines: [String] = []
    /// `cache: true`: the node's image is always drawn and kept as an image of its own, never fused into the
    /// pass that reads it (Core Image's intermediate), so a costly stage is not drawn again per consumer.
    public var cache = false

    /// A ShaderToy channel and a glslViewer image are sampled at their own size, as their hosts sample them
    /// (`iChannelResolution`, `u_tex0Resolution` and `textureSize` then agree); other dialects' inputs fill
    /// the pass unless told otherwise.
    public func mapping(of input: String) -> InputMapping {
        mappings[input] ?? (interface.dialect == .shaderToy || interface.dialect == .glslViewer ? .stretch : .fill)
    }

    public init(file: String, source: SourceText, interface: ShaderInterface, inputs: [String: Wire] = [:],
                uniforms: [String: UniformSetting] = [:], size: PixelSize? = nil, format: PixelFormat = .rgba8) {
        self.file = file
        self.source = source
        self.interface = interface
        self.inputs = inputs
        self.uniforms = uniforms
        self.size = size
        self.format = format
    }
}

/// A connection to another node's output, optionally picking components (`centroid.xy`), and where it is written.
public struct Wire: Hashable, Sendable {
    public var node: String
    /// Indices into the source value (`.gb` is [1, 2]); empty takes it whole.
    public var components: [Int]
    /// Set when the wire reads a shader node's published parameter (`mask.threshold`) instead of its output.
    public var parameter: String?
    public var location: SourceLocation

    public init(node: String, components: [Int] = [], parameter: String? = nil, location: SourceLocation) {
        self.node = node
        self.components = components
        self.parameter = parameter
        self.location = location
    }
}

public enum UniformSetting: Sendable {
    /// Numbers for the uniform's components (bools are 0 or 1), in GLSL's column-major order for matrices.
    case literal([Float], location: SourceLocation)
    case wire(Wire)

    public var location: SourceLocation {
        switch self {
        case .literal(_, let location): location
        case .wire(let wire): wire.location
        }
    }
}

/// `node.uniform`, a parameter offered for live tuning.
public struct ParameterReference: Hashable, Sendable, CustomStringConvertible {
    public var node: String
    public var uniform: String
    public var location: SourceLocation

    public var description: String { "\(node).\(uniform)" }

    /// Whether `other` names the same parameter, wherever each is written.
    public func isSameParameter(as other: ParameterReference) -> Bool {
        node == other.node && uniform == other.uniform
    }
}

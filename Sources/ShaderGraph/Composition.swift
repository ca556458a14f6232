import ShaderLanguage
import VideoFrames

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
    /// `precision: as-written` computes `lowp` and `mediump` as the shaders write them, as a phone's GPU would;
    /// by default they compute at full precision, as every dialect's home host does (`ShaderPrecision`).
    public var precision = ShaderPrecision.full
    /// `animate:`: parameters that follow curves of keys over time, checked against what they key.
    public var animation: [AnimatedParameter] = []
    /// `duration:`: how many seconds the composition plays, which `render` draws when not told how many frames.
    public var duration: Double?
    /// `rate:`: the frames a key's time in frames (`90f`) counts, and what `render` steps at without `--fps`.
    public var rate: FrameRate?
    /// `tempo:`: beats a minute, for keys' times in beats (`8b`).
    public var tempo: Double?
    /// `layout:`: the nodes moved in the graph view, at the top-left corners of their boxes.
    public var placements: [String: GraphLayout.Point] = [:]

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
        [path] + nodes.flatMap { $0.kind.model.files }
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
    /// For a node that a shader's own lines bring (a picture a VS Code Shader Toy channel names), that shader's
    /// node: reading the shader again brings it again, so a composition written for the shader need not name it.
    public var broughtBy: String?

    public init(name: String, kind: NodeKind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    /// What wiring this node's output into another node carries.
    public var output: NodeOutput {
        kind.model.output
    }

    /// Every wire into the node, under the key it is written at: what a graph draws as ports and wires.
    public var inputs: [NodeInput] {
        kind.model.inputs(of: name)
    }

    /// The files the node reads, which a watcher follows.
    public var files: [String] {
        kind.model.files
    }

    /// Source nodes bring images into the graph; `--input` can replace one.
    public var isImageSource: Bool {
        kind.model.isImageSource
    }
}

public enum NodeOutput: Hashable, Sendable, CustomStringConvertible {
    case image
    case value(components: Int)
    /// Sound, which ISF's audio and audioFFT inputs take as images of their own shape.
    case sound
    /// Nothing another node wires: a compute node whose kernels write only storage buffers, which buffer
    /// nodes read.
    case buffers

    public var description: String {
        switch self {
        case .image: "an image"
        case .sound: "sound"
        case .buffers: "storage buffers but no image (no kernel writes an image2D target)"
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
    /// A live V4L2 camera, its frames converted to RGB on the GPU (on its capture thread where the GPU is software).
    case camera(CameraSource)
    /// A movie file decoded on a thread of its own (which converts it to RGB where the GPU is software, else the
    /// GPU does), following the clock.
    case movie(MovieSource)
    /// Sound for ISF audio and audioFFT inputs: a file's, or the live sound.
    case audio(AudioSource)
    /// A fragment-shader pass into a pooled texture.
    case shader(ShaderPass)
    /// GLSL compute kernels run in order over images and storage buffers.
    case compute(ComputeKernel)
    /// A mesh drawn with depth by a vertex and a fragment stage, seen through a camera.
    case draw(DrawScene)
    /// A draw node's depth buffer as an image.
    case depth(Wire)
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
    /// VS Code's Shader Toy extension adds row 3, whether it went up since the last frame. All zero in renders.
    case keyboard(KeyboardLayout)
    /// The colour of an image under the pointer when the left button goes down, held until the next
    /// click: r g b a. Its initial value in renders.
    case pick(PickedColour)
    /// A number changed by dragging sideways with the left button held; held when released.
    case drag(DraggedValue)
    /// Keys over time with no parameter of their own: a value that several uniforms can read.
    case curve(KeyedCurve)
    /// Numbers read out of a compute node's storage buffer.
    case bufferValue(BufferRead)

    /// The word a composition uses for this kind.
    public var name: String {
        model.keyword
    }

    /// Every word `kind:` takes.
    public static let names = models.flatMap { $0.keywords }
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

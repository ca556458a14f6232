import ShaderLanguage
import Yams

/// What a node kind is to the composition model, all in the kind's own file: the words a composition names
/// it by and how a node of it is read, what its output carries, what it reads, which files it follows, what
/// is checked once the whole composition is known, and the step it plans to. `NodeKind.model` is each node's;
/// `NodeKind.models` lists every kind.
protocol NodeKindModel: Sendable {
    /// The words `kind:` takes for this kind: one, or one per measure or operator.
    static var keywords: [String] { get }
    /// A node whose `kind:` is one of `keywords`, read from its other keys, which are checked against the
    /// kind's; nil, with why in `loading`'s diagnostics, when it cannot be read.
    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind?

    /// The word a composition uses for this node.
    var keyword: String { get }
    /// What wiring the node's output into another node carries.
    var output: NodeOutput { get }
    /// Whether the node brings images into the graph, so `--input` can replace it.
    var isImageSource: Bool { get }
    /// Whether the node's image may give the frame its size when the composition asks for none.
    var canSetRenderSize: Bool { get }
    /// Every wire into the node (named `node`), each under the key it is written at, in a stable order.
    func inputs(of node: String) -> [NodeInput]
    /// The files the node reads, which a watcher follows.
    var files: [String] { get }
    /// What can only be checked against the whole composition (where its wires lead), reported into `check`.
    func check(_ node: Node, in check: inout CompositionCheck)
    /// The work the node's step does, its wires resolved to steps.
    func work(in planning: StepPlanning) -> FramePlan.Work
}

/// Most kinds have one word, bring no image, read no wire or file, and need no check beyond their reading.
extension NodeKindModel {
    var keyword: String { Self.keywords[0] }
    var isImageSource: Bool { false }
    var canSetRenderSize: Bool { false }
    func inputs(of node: String) -> [NodeInput] { [] }

    /// The wires the node reads this frame, in a stable order: its inputs but those of last frame's image.
    func dependencies(of node: String) -> [Wire] {
        inputs(of: node).filter { $0.carries != .previousFrame }.map(\.wire)
    }
    var files: [String] { [] }
    func check(_ node: Node, in check: inout CompositionCheck) {}
}

/// A node as the composition writes it, for its kind to read.
struct NodeDeclaration {
    var name: String
    /// What its `kind:` says.
    var keyword: String
    /// Its keys, `kind` among them.
    var fields: Yams.Node.Mapping
    /// Its name as written, where problems with the node as a whole are reported.
    var key: Yams.Node
}

/// What a node's step is planned with beyond the node itself.
struct StepPlanning {
    var node: String
    /// The step of each node that runs, by name.
    var index: [String: Int]
    /// What each node's image is to a shader's host, by name, which decides how the host reads it.
    var images: [String: HostSampling.Image]
    /// Whether a pass leaves its alpha opaque (`PassPlan`).
    var opaque: Bool
    /// Whether some node reads this one's previous frame, so its image outlives the frame.
    var keepsPreviousFrame: Bool
    /// What the composition's shaders compute at.
    var precision: ShaderPrecision

    /// The step whose output `wire` reads.
    func step(of wire: Wire) -> Int {
        index[wire.node] ?? 0
    }
}

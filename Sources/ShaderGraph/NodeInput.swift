/// One named input of a node and the wire into it: what a graph draws as a port and a wire.
public struct NodeInput: Sendable {
    public enum Carries: Sendable {
        /// An image read this frame, after its node has drawn it.
        case image
        /// Last frame's image of its node (its own, or one that `previous:` names): feedback, not an order.
        case previousFrame
        /// Numbers: a value node's output, or a shader's published parameter.
        case value
    }

    /// The key it is written under: an image input, a uniform, an operand's role, or `input`.
    public var name: String
    public var wire: Wire
    public var carries: Carries

    public init(name: String, wire: Wire, carries: Carries) {
        self.name = name
        self.wire = wire
        self.carries = carries
    }

    /// Image inputs by name, those that read last frame's image marked as feedback.
    static func images(_ inputs: [String: Wire], previousFrame: (String) -> Bool) -> [NodeInput] {
        inputs.sorted { $0.key < $1.key }.map { NodeInput(name: $0.key, wire: $0.value, carries: previousFrame($0.key) ? .previousFrame : .image) }
    }

    /// The uniforms that a wire sets, by name.
    static func values(_ uniforms: [String: UniformSetting]) -> [NodeInput] {
        uniforms.sorted { $0.key < $1.key }.compactMap { entry in
            if case .wire(let wire) = entry.value { NodeInput(name: entry.key, wire: wire, carries: .value) } else { nil }
        }
    }
}

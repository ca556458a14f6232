/// The one place that pairs each case of `NodeKind` with its kind's model; everything else asks the model.
extension NodeKind {
    /// Every kind, in the order their words are listed to the user.
    static let models: [any NodeKindModel.Type] = [
        ImageNode.self, SequenceNode.self, PatternNode.self, CameraNode.self, MovieNode.self, AudioNode.self, ShaderNode.self, ComputeNode.self, DrawNode.self, DepthNode.self,
        ConstantNode.self, TimeNode.self, OscillatorNode.self, MouseNode.self, KeyNode.self, KeyboardNode.self, PickNode.self,
        DragNode.self, ReductionNode.self, OperationNode.self, CurveNode.self, BufferValueNode.self,
    ]

    /// The kind that `keyword` names, if any.
    static func model(named keyword: String) -> (any NodeKindModel.Type)? {
        models.first { $0.keywords.contains(keyword) }
    }

    var model: any NodeKindModel {
        switch self {
        case .image(let source): ImageNode(source: source)
        case .sequence(let sequence): SequenceNode(sequence: sequence)
        case .pattern(let pattern): PatternNode(pattern: pattern)
        case .camera(let camera): CameraNode(camera: camera)
        case .movie(let movie): MovieNode(movie: movie)
        case .audio(let audio): AudioNode(audio: audio)
        case .shader(let pass): ShaderNode(pass: pass)
        case .compute(let kernel): ComputeNode(kernel: kernel)
        case .draw(let scene): DrawNode(scene: scene)
        case .depth(let input): DepthNode(input: input)
        case .constant(let values): ConstantNode(values: values)
        case .time: TimeNode()
        case .reduction(let reduction): ReductionNode(reduction: reduction)
        case .operation(let operation): OperationNode(operation: operation)
        case .oscillator(let oscillator): OscillatorNode(oscillator: oscillator)
        case .mouse: MouseNode()
        case .key(let key): KeyNode(key: key)
        case .keyboard(let layout): KeyboardNode(layout: layout)
        case .pick(let pick): PickNode(pick: pick)
        case .drag(let drag): DragNode(drag: drag)
        case .curve(let curve): CurveNode(curve: curve)
        case .bufferValue(let read): BufferValueNode(read: read)
        }
    }
}

import ShaderGraph

extension FramePlan.Work {
    /// The type that binds and runs a step of this work on the GPU: where each kind of the plan is registered.
    var stepType: any BoundStep.Type {
        switch self {
        case .image: ImageStep.self
        case .sequence: SequenceStep.self
        case .pattern: PatternStep.self
        case .camera: CameraStep.self
        case .movie: MovieStep.self
        case .audio: SoundStep.self
        case .pass: ShaderStep.self
        case .compute: ComputeStep.self
        case .draw: DrawStep.self
        case .depth: DepthStep.self
        case .constant: ConstantStep.self
        case .time: TimeStep.self
        case .reduction: ReductionStep.self
        case .operation: OperationStep.self
        case .oscillator: OscillatorStep.self
        case .mouse: MouseStep.self
        case .key: KeyStep.self
        case .keyboard: KeyboardStep.self
        case .pick: PickStep.self
        case .drag: DragStep.self
        case .curve: CurveStep.self
        case .bufferValue: BufferValueStep.self
        }
    }
}

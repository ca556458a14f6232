import ShaderGraph
import ShaderLanguage

/// A buffer value node: elements of a compute step's storage buffer, mapped and read in the frame its kernels
/// wrote them, after the barrier the compute step places before any reader. The read waits for the kernels to
/// finish, as a reduction's does; `Benchmarks buffer` measures what it costs.
struct BufferValueStep: BoundStep {
    let buffer: StorageBuffer
    let elements: Range<Int>
    /// The compute step whose buffer it reads.
    let input: Int

    static func bind(_ planned: FramePlan.Step, opened: (any OpenedSource)?, in binding: inout StepBinding) -> (step: Self?, size: PixelSize) {
        guard case .bufferValue(let read, let input) = planned.work, input < binding.index else { return (nil, binding.renderSize) }
        guard let buffer = binding.storageBuffers[input]?.first(where: { $0.plan.name == read.buffer }) else {
            // The compute node could not be bound, and said why.
            return (nil, binding.renderSize)
        }
        return (BufferValueStep(buffer: buffer, elements: read.start..<(read.start + read.count), input: input), binding.renderSize)
    }

    func run(at index: Int, in frame: inout FrameContext) throws(GPUError) {
        frame.values[index] = buffer.numbers(elements: elements)
    }

    func motion(given motions: [GraphExecutor.Motion]) -> GraphExecutor.Motion {
        motions[input]
    }
}

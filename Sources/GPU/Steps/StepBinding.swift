import ShaderGraph
import ShaderLanguage

/// What binding a step sees of the graph bound so far, and what it adds to it (`BoundStep.bind`): the steps
/// are bound one at a time, in plan order.
struct StepBinding {
    /// The step being bound.
    var index = 0
    let renderSize: PixelSize
    /// Every step's image size and format: those bound so far as bound, later passes' as planned.
    var sizes: [PixelSize] = []
    var formats: [PixelFormat] = []
    /// The audio steps' sounds, by step.
    let sounds: [Int: any SoundSource]
    let resources: GraphResources
    /// Writes literal uniforms, which a program keeps.
    var writer: UniformWriter
    /// The linked program of each shader and pattern node, by node name.
    var programs: [String: ShaderProgram] = [:]
    /// The camera and movie steps whose frames the pass reading them converts (`PassPlan.ConvertedFrame`), and
    /// their feeds once bound.
    let framesConvertedInReaders: Set<Int>
    var feeds: [Int: FrameFeed] = [:]
    /// The storage buffers of each compute step bound so far, for the buffer values that read them.
    var storageBuffers: [Int: [StorageBuffer]] = [:]
    /// The draw steps bound so far, for the depth nodes that read their depth textures.
    var drawSteps: [Int: DrawStep] = [:]
    /// Why steps could not be bound.
    var diagnostics: [Diagnostic]
}

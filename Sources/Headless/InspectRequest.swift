import LiveSources
import ShaderGraph
import ShaderLanguage

/// What `shaderbench inspect` reads: a node's value at a pixel of a frame, and watched expressions of its shader there.
public struct InspectRequest: Sendable {
    public var composition: String
    /// The shaders named after a model file.
    public var stages: [String] = []
    public var input: LiveInput?
    public var overrides: [ParameterOverride]
    /// `--precision`: what shaders compute at, over the composition's `precision:`.
    public var precision: ShaderPrecision?
    /// Nil: the composition's output.
    public var node: String?
    /// The pixel in the node's own image, from its top-left.
    public var x: Int
    public var y: Int
    public var frame: Int
    /// nil: the composition's `rate:`, else 30.
    public var framesPerSecond: Double?
    /// Besides the `// watch:` comments of the node's shader.
    public var watches: [ShaderWatch]

    public init(composition: String, input: LiveInput? = nil, overrides: [ParameterOverride] = [], node: String? = nil,
                x: Int, y: Int, frame: Int = 0, framesPerSecond: Double? = nil, watches: [ShaderWatch] = []) {
        self.composition = composition
        self.input = input
        self.overrides = overrides
        self.node = node
        self.x = x
        self.y = y
        self.frame = frame
        self.framesPerSecond = framesPerSecond
        self.watches = watches
    }
}

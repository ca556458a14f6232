import ShaderLanguage

/// A shader node's pass: its shader read, and how the composition wires and sets it.
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
    /// A pass glslViewer draws around a model from the model's fragment file (`GLSLViewerScenePasses`): the
    /// varyings that file declares for the model's own pass go unwritten here (a pass that reads one fails to
    /// link), and the images only the post-processing pass is given go unwired in the background pass.
    public var drawnAroundModel = false
    /// `cache: true`: the node's image is always drawn and kept as an image of its own, never fused into the
    /// pass that reads it (Core Image's intermediate), so a costly stage is not drawn again per consumer.
    public var cache = false

    /// A ShaderToy channel (the site's or VS Code's extension's) and a glslViewer image are sampled at their own
    /// size, as their hosts sample them (`iChannelResolution`, `u_tex0Resolution` and `textureSize` then agree);
    /// other dialects' inputs fill the pass unless told otherwise.
    public func mapping(of input: String) -> InputMapping {
        mappings[input] ?? ([.shaderToy, .vsCodeShaderToy, .glslViewer].contains(interface.dialect) ? .stretch : .fill)
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

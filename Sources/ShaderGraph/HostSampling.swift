import ShaderLanguage

/// How each dialect's home host reads the images its shaders sample: the filter, the edges and which way up,
/// as the host's own source sets them. The plan reads an input this way wherever the composition's `sampling:`
/// leaves a key unset, so a shader that tiles its image by reading past 1 tiles here as it does at home.
///
/// - glslViewer: every texture and buffer is `GL_LINEAR` and `GL_REPEAT` (vera's `Texture` and `Fbo`
///   defaults), and pictures are loaded bottom row first (`vFlip`, on unless `-vFlip` is given): the right
///   way up in its y-up coordinates.
/// - ShaderToy: a channel's sampler as the site sets it when the channel is chosen: pictures `mipmap`,
///   `repeat`, `vflip: true`; buffers, movies and the webcam `linear`, `clamp`; the keyboard is made with no
///   filtering and clamped edges, whatever its sampler says. `vflip: true` is the right way up.
/// - VS Code's Shader Toy extension: every channel `linear` and `repeat` unless its `::MinFilter`, `::MagFilter` and
///   `::WrapMode` lines say otherwise (which a node's `sampling:` then holds); the keyboard unfiltered and clamped.
/// - GLSL Sandbox: its backbuffer, the only image it has, is `NEAREST` and `CLAMP_TO_EDGE`.
/// - Bonzomatic: its textures and `texPreviousFrame` are `GL_LINEAR` and `GL_REPEAT` (its Direct3D samplers
///   wrap and filter linearly too).
/// - ISF (VVISF's buffer pool) and GPUImage (its framebuffers' default options): `GL_LINEAR` and
///   `GL_CLAMP_TO_EDGE`, which is what the workbench does unasked; plain GLSL ES hosts promise nothing.
public enum HostSampling {
    /// What an image is to the host that reads it, as far as that decides how it is read.
    public enum Image: Sendable, Hashable {
        /// A still or generated picture: a file, a sequence, a pattern.
        case picture
        case movie
        case camera
        /// ShaderToy's keyboard image.
        case keyboard
        /// Another pass's image, as ShaderToy's buffers are.
        case pass
        /// The image a pass made the frame before, its own or another's.
        case previousFrame

        /// What the image of a node of `kind` is.
        init(_ kind: NodeKind) {
            switch kind {
            case .camera: self = .camera
            case .movie: self = .movie
            case .keyboard: self = .keyboard
            case .shader, .draw: self = .pass
            default: self = .picture
            }
        }
    }

    /// How a shader of `dialect` reads `image` at home; unset keys are the workbench's choice.
    public static func sampling(of image: Image, in dialect: ShaderDialect) -> InputSampling {
        switch dialect {
        case .glslViewer, .bonzomatic:
            InputSampling(filter: .linear, wrap: .repeat)
        case .shaderToy:
            switch image {
            case .picture: InputSampling(filter: .mipmap, wrap: .repeat)
            case .keyboard: InputSampling(filter: .nearest, wrap: .clamp)
            case .movie, .camera, .pass, .previousFrame: InputSampling(filter: .linear, wrap: .clamp)
            }
        case .vsCodeShaderToy:
            image == .keyboard ? InputSampling(filter: .nearest, wrap: .clamp) : InputSampling(filter: .linear, wrap: .repeat)
        case .glslSandbox:
            image == .previousFrame ? InputSampling(filter: .nearest, wrap: .clamp) : InputSampling()
        case .isf, .glsl:
            InputSampling()
        }
    }
}

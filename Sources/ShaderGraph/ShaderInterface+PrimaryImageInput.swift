import ShaderLanguage

/// Which image input a shader file opened on its own takes its live source through: never one the composition
/// around it feeds itself (a glslViewer file's pass images, Bonzomatic's default textures, the channels a VS Code
/// Shader Toy shader's directives bind and its keyboard).
extension ShaderInterface {
    /// The sampler a live source feeds when a single shader file is opened on its own: GPUImage's
    /// `inputImageTexture` (ISF's `inputImage`) when declared, else the first sampler that takes an image.
    public var primaryImageInput: Declaration? {
        let conventional = switch dialect {
        case .isf: ISFDialect.filterInput
        case .glslViewer: GLSLViewerDialect.texturePrefix + "0"
        case .glsl, .shaderToy, .glslSandbox, .bonzomatic, .vsCodeShaderToy: "inputImageTexture"
        }
        let images = pictureSamplers.filter { sampler in
            sampler.name != ownPreviousFrameInput?.name && !(dialect == .glslViewer && GLSLViewerPasses.isPassImage(sampler.name))
                && !(dialect == .bonzomatic && BonzomaticDialect.defaultTextures.contains { $0.sampler == sampler.name })
                && !VSCodeShaderToyChannels.feeds(sampler.name, of: self)
        }
        return images.first { $0.name == conventional } ?? images.first
    }
}

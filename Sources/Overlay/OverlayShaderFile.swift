import ShaderGraph

/// The overlay's GLSL, in `Shaders/`: one program draws every quad, text or solid.
enum OverlayShaderFile: String, EmbeddedShaderFile {
    case vertex = "overlay.vert.glsl"
    case fragment = "overlay.frag.glsl"

    var bytes: [UInt8] {
        switch self {
        case .vertex: PackageResources.overlay_vert_glsl
        case .fragment: PackageResources.overlay_frag_glsl
        }
    }
}

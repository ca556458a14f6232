/// The translation's own GLSL, in `Shaders/`: desktop GLSL that glslang reads ahead of a user's shader.
package enum TranslationShaderFile: String, CaseIterable, Sendable {
    case es100TextureNames = "es100-texture-names.glsl"
    case es100FragmentNames = "es100-names.frag.glsl"
    case es100VertexNames = "es100-names.vert.glsl"

    package var fileName: String { rawValue }

    package var lines: [String] {
        let bytes = switch self {
        case .es100TextureNames: PackageResources.es100_texture_names_glsl
        case .es100FragmentNames: PackageResources.es100_names_frag_glsl
        case .es100VertexNames: PackageResources.es100_names_vert_glsl
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

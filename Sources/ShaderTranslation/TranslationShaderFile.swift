/// The translation's own GLSL, in `Shaders/`: desktop GLSL that glslang reads ahead of a user's shader.
package enum TranslationShaderFile: String, CaseIterable, Sendable {
    case es100Names = "es100-names.frag.glsl"

    package var fileName: String { rawValue }

    package var lines: [String] {
        let bytes = switch self {
        case .es100Names: PackageResources.es100_names_frag_glsl
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

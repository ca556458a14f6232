import ShaderGraph
import ShaderLanguage

/// The patterns a pattern node draws, read as a user's shader would be: the moving test pattern that stands in
/// for a camera (`test-pattern.frag.glsl`), and Bonzomatic's still noise and checkerboard. Each a pure function
/// of pixel and time, so frame k of a render is the same in every run.
package enum TestPattern {
    static let path = "<built-in pattern>"

    package static func prepared(_ picture: PatternSource.Picture = .bars) throws(DiagnosticsError) -> PreparedShader {
        let file: GPUShaderFile = switch picture {
        case .bars: .testPattern
        case .noise: .noisePattern
        case .checker: .checkerPattern
        }
        let text = SourceText(path: path, text: file.text)
        do {
            return PreparedShader(source: text, interface: try ShaderInterface.read(text))
        } catch {
            throw DiagnosticsError([error])
        }
    }
}

import ShaderGraph

/// The moving test pattern that stands in for a camera (`test-pattern.frag.glsl`), read as a user's shader
/// would be. A pure function of pixel and time, so frame k of a render is the same in every run.
package enum TestPattern {
    static let path = "<built-in pattern>"

    package static func prepared() throws(DiagnosticsError) -> PreparedShader {
        let text = SourceText(path: path, text: GPUShaderFile.testPattern.text)
        do {
            return PreparedShader(source: text, interface: try ShaderInterface.read(text))
        } catch {
            throw DiagnosticsError([error])
        }
    }
}

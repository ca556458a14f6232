import Foundation

/// Whether a shader reads an image input only at its own fragment's unmodified coordinate, so the input's
/// value there is all it needs of it: such a pass can take that colour from the pass before it in the same
/// program instead of from an image in between (fusion, as Core Image concatenates colour kernels). Worked out
/// from the shader's tokens after its dialect is known, so colour filters qualify without annotations; anything
/// the reading cannot follow (the sampler passed to a function, its coordinate kept in a variable, a macro
/// naming it, derivatives) counts as a neighbourhood read.
public enum PointwiseAnalysis {
    /// Whether `shader` reads the sampler `input` only at the fragment's own coordinate.
    public static func reads(_ input: String, of shader: PreparedShader) -> Bool {
        let interface = shader.interface
        guard interface.samplers.contains(where: { $0.name == input }) else { return false }
        // A macro can hide any read; derivatives differ between a pass and a fused program.
        for line in shader.source.lines where line.trimmingCharacters(in: .whitespaces).hasPrefix("#") && line.contains(input) { return false }
        let tokens = GLSLTokenizer.tokens(of: shader.source).map(\.text)
        if tokens.contains(where: { ["dFdx", "dFdy", "fwidth"].contains($0) }) { return false }
        // Every use but its declaration (`uniform sampler2D NAME;`).
        let uses = tokens.indices.filter { tokens[$0] == input && !($0 > 0 && tokens[$0 - 1].hasPrefix("sampler")) }
        guard !uses.isEmpty else { return false }
        return uses.allSatisfy { isOwnPixelRead(at: $0, of: input, in: tokens, dialect: interface.dialect) }
    }

    /// The fragment's own coordinate by dialect: GPUImage's varyings (`textureCoordinate`, `textureCoordinate2`
    /// for a second input, …) and ISF's `isf_FragNormCoord`.
    static func isOwnPixelRead(at index: Int, of input: String, in tokens: [String], dialect: ShaderDialect) -> Bool {
        func token(_ offset: Int) -> String? { tokens.indices.contains(index + offset) ? tokens[index + offset] : nil }
        switch dialect {
        case .isf:
            // IMG_THIS_PIXEL(input), IMG_THIS_NORM_PIXEL(input), IMG_NORM_PIXEL(input, isf_FragNormCoord)
            if ["IMG_THIS_PIXEL", "IMG_THIS_NORM_PIXEL"].contains(token(-2)), token(-1) == "(", token(1) == ")" { return true }
            return token(-2) == "IMG_NORM_PIXEL" && token(-1) == "(" && token(1) == "," && token(2) == "isf_FragNormCoord" && token(3) == ")"
        case .glsl:
            guard ["texture2D", "texture"].contains(token(-2)), token(-1) == "(", token(1) == ",", token(3) == ")",
                  let coordinate = token(2) else { return false }
            return coordinate == "textureCoordinate" || (coordinate.hasPrefix("textureCoordinate") && Int(coordinate.dropFirst("textureCoordinate".count)) != nil)
        default:
            return false
        }
    }
}

import ShaderLanguage

/// Every family's codes together (ShaderLanguage defines the shader files'): what `shaderbench explain` and
/// docs/diagnostics.md list.
extension DiagnosticCode {
    /// Every code, in order.
    public static var all: [DiagnosticCode] { (composition + graph + animation + compute + geometry + shaders + liveControl + sources + output).sorted { $0.number < $1.number } }

    /// The code `name` stands for (`SB4004`, `sb4004` or `4004`).
    public static func named(_ name: String) -> DiagnosticCode? {
        let digits = name.uppercased().hasPrefix("SB") ? String(name.dropFirst(2)) : name
        return Int(digits).flatMap { number in all.first { $0.number == number } }
    }
}

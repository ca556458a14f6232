/// A module's built-in GLSL files, one case each, named by file name and embedded in the code at build time
/// (SwiftPM's `.embedInCode` resource rule), so nothing is read from disk at run time and editors,
/// `glslangValidator` and `shaderbench check` see each file as the GLSL it is.
package protocol EmbeddedShaderFile: RawRepresentable<String>, CaseIterable, Sendable {
    /// The file's bytes, from the module's generated `PackageResources`.
    var bytes: [UInt8] { get }
}

extension EmbeddedShaderFile {
    package var fileName: String { rawValue }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The file's lines, for splicing among a user's: the newline that ends the file ends its last line.
    package var lines: [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The text with a `#define` for each of `macros` (`"NAME"` or `"NAME VALUE"`), after the `#version`
    /// line that must stay first, or at the top of a file without one.
    package func text(defining macros: [String]) -> String {
        let defines = macros.map { "#define \($0)\n" }.joined()
        let text = text
        guard text.hasPrefix("#version"), let endOfVersion = text.firstIndex(of: "\n") else { return defines + text }
        let afterVersion = text.index(after: endOfVersion)
        return String(text[..<afterVersion]) + defines + String(text[afterVersion...])
    }
}

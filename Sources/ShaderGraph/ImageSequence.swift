import Foundation
import ShaderLanguage

/// Numbered image files shown one per frame (`frames/%04d.png`): frame k shows the k-th file found, and the
/// sequence starts again after the last. The files are found when the composition loads.
public struct ImageSequence: Sendable {
    /// The path as written, with its `%d` or `%0Nd`.
    public var pattern: String
    /// Absolute paths of the files found, in number order.
    public var files: [String]
    public var location: SourceLocation

    /// Whether `text` names a numbered sequence rather than one file.
    public static func isPattern(_ text: String) -> Bool {
        text.range(of: #"%0?\d*d"#, options: .regularExpression) != nil
    }

    /// The files `pattern` matches, by number; an error located at `location` when there are none.
    public static func find(_ pattern: String, at location: SourceLocation) throws(Diagnostic) -> ImageSequence {
        let directory = FilePaths.directory(of: pattern)
        let name = String(pattern.dropFirst(directory == "." && !pattern.hasPrefix("./") ? 0 : directory.count + 1))
        guard let marker = name.range(of: #"%0?\d*d"#, options: .regularExpression) else {
            throw Diagnostic.error("'\(pattern)' has no frame number (%d or %04d)", at: location, code: .wrongValue)
        }
        let prefix = String(name[..<marker.lowerBound]), suffix = String(name[marker.upperBound...])
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let numbered = entries.compactMap { entry -> (Int, String)? in
            guard entry.hasPrefix(prefix), entry.hasSuffix(suffix), entry.count > prefix.count + suffix.count else { return nil }
            let digits = entry.dropFirst(prefix.count).dropLast(suffix.count)
            guard digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
            return (number, FilePaths.join(directory, entry))
        }
        guard !numbered.isEmpty else {
            throw Diagnostic.error("no files match '\(pattern)' (looked for \(prefix)<number>\(suffix) in \(directory))", at: location, code: .unreadableFile)
        }
        return ImageSequence(pattern: pattern, files: numbered.sorted { $0.0 < $1.0 }.map(\.1), location: location)
    }
}

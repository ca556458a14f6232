#if canImport(Glibc)
import Glibc
#endif

/// The path from a folder to a file, as a link in a page in that folder needs it. Worked out from the names
/// alone, without following symbolic links, so a checkout reached through a link gives the same links.
enum RelativePath {
    static func from(folder: String, to target: String) -> String {
        let base = components(of: folder)
        let destination = components(of: target)
        var shared = 0
        while shared < base.count, shared < destination.count, base[shared] == destination[shared] { shared += 1 }
        let steps = Array(repeating: "..", count: base.count - shared) + destination[shared...]
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// The folder holding `path`, or `.` for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `docs/filters/` as `docs/filters`, ready for a name to be appended.
    static func withoutTrailingSlash(_ folder: String) -> String {
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The names from the root to `path`, made absolute from the working directory, with `.` and `..` resolved.
    private static func components(of path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : workingDirectory() + "/" + path
        var names: [String] = []
        for name in absolute.split(separator: "/") {
            switch name {
            case ".": continue
            case "..": _ = names.popLast()
            default: names.append(String(name))
            }
        }
        return names
    }

    private static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

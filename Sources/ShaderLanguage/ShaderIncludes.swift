/// `#include "path"` in a shader of any dialect, expanded before anything reads the shader, since GLSL ES
/// has no `#include` of its own: the path resolves relative to the including file, then along the include
/// folders (`--include`, a composition's `include:`), in that order. Every line keeps the file and line it
/// came from (`SourceText.origins`), so the driver's errors inside an included file point there. A file
/// with `#pragma once` is read once per shader; include guards work as written, by the preprocessor. A cycle,
/// a missing file, or a file outside the folders includes may come from is an error at the `#include`.
public enum ShaderIncludes {
    /// Where included files may be found and where they may lie.
    public struct Folders: Sendable {
        /// Searched after the including file's own folder.
        public var search: [String]
        /// A file outside all of these (and `search`) is refused, so an include cannot reach anywhere on disk.
        public var allowed: [String]

        public init(search: [String] = [], allowed: [String] = []) {
            self.search = search
            self.allowed = allowed
        }
    }

    /// `source` with each `#include` replaced by the included text; `source` itself when it has none.
    public static func expand(_ source: SourceText, folders: Folders, files: SourceFiles = .disk) throws(Diagnostic) -> SourceText {
        guard source.lines.contains(where: { includedPath(in: $0) != nil || isPragmaOnce($0) }) else { return source }
        var expansion = Expansion(folders: folders, files: files, allowed: folders.allowed + folders.search + [FilePaths.directory(of: source.path)])
        try expansion.append(source, chain: [FilePaths.normalize(source.path)])
        return SourceText(path: source.path, expandedLines: expansion.lines, origins: expansion.origins, includedFiles: expansion.included)
    }

    private struct Expansion {
        let folders: Folders
        let files: SourceFiles
        let allowed: [String]
        var lines: [String] = []
        var origins: [SourceLocation] = []
        var included: [String] = []
        /// Files that said `#pragma once` and were read already.
        var once: Set<String> = []

        mutating func append(_ file: SourceText, chain: [String]) throws(Diagnostic) {
            // The newline that ends an included file ends its last line, rather than adding an empty one.
            let lines = chain.count > 1 && file.lines.last == "" ? file.lines.dropLast() : file.lines[...]
            for (index, line) in lines.enumerated() {
                let number = index + 1
                if isPragmaOnce(line) {
                    once.insert(FilePaths.normalize(file.path))
                    emit("", from: file, line: number)
                    continue
                }
                guard let (path, column) = includedPath(in: line) else {
                    emit(String(line), from: file, line: number)
                    continue
                }
                guard let path else {
                    throw file.error("#include takes a file name in double quotes: #include \"noise.glsl\"", line: number, column: column, code: .include)
                }
                let resolved = try resolve(path, from: file, line: number, column: column)
                if let start = chain.firstIndex(of: resolved) {
                    let cycle = (chain[start...] + [resolved]).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
                    throw file.error("#include \"\(path)\" makes a cycle: \(cycle.joined(separator: " → "))", line: number, column: column, code: .include)
                }
                if once.contains(resolved) {
                    emit("", from: file, line: number)
                    continue
                }
                let text = try files.readText(path: resolved, reference: file.location(line: number, column: column))
                if !included.contains(resolved) { included.append(resolved) }
                try append(text, chain: chain + [resolved])
            }
        }

        mutating func emit(_ line: String, from file: SourceText, line number: Int) {
            lines.append(line)
            origins.append(file.location(line: number))
        }

        /// The file `path` names: beside the including file, else in the first include folder that has it.
        func resolve(_ path: String, from file: SourceText, line: Int, column: Int) throws(Diagnostic) -> String {
            let candidates = ([FilePaths.directory(of: file.path)] + folders.search).map { FilePaths.join($0, path) }
            guard let found = candidates.first(where: files.isRegularFile) else {
                let places = ([FilePaths.directory(of: file.path)] + folders.search).map { "'\(FilePaths.absolute($0))'" }.joined(separator: ", ")
                throw file.error("#include \"\(path)\": no such file in \(places); add its folder with --include or the composition's 'include:'",
                                 line: line, column: column, code: .include)
            }
            guard allowed.contains(where: { FilePaths.isInside(found, folder: $0) }) else {
                throw file.error("#include \"\(path)\" reaches \(found), outside the shader's folder and the include folders; add its folder with --include or the composition's 'include:'",
                                 line: line, column: column, code: .include)
            }
            return found
        }
    }

    /// The quoted path of an `#include` line and the column of `#`; a nil path for an `#include` without one.
    package static func includedPath(in line: Substring) -> (path: String?, column: Int)? {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        var rest = line.dropFirst(indent.count)
        guard rest.first == "#" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("include") else { return nil }
        let argument = rest.dropFirst("include".count).drop { $0 == " " || $0 == "\t" }
        let column = indent.count + 1
        guard argument.first == "\"", let close = argument.dropFirst().firstIndex(of: "\"") else { return (nil, column) }
        let path = String(argument[argument.index(after: argument.startIndex)..<close])
        return (path.isEmpty ? nil : path, column)
    }

    static func isPragmaOnce(_ line: Substring) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.count >= 2 && ((words[0] == "#pragma" && words[1] == "once") || (words[0] == "#" && words.count == 3 && words[1] == "pragma" && words[2] == "once"))
    }
}

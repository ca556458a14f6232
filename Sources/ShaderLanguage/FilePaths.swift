import Foundation

/// Lexical path handling for files a composition names: relative paths resolve against the composition's
/// folder, and `a/../b` collapses so messages show the path a person would type.
package enum FilePaths {
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func join(_ directory: String, _ reference: String) -> String {
        if reference.hasPrefix("/") || directory == "." { return normalize(reference) }
        return normalize(directory + "/" + reference)
    }

    package static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `path` lies in `folder` or below it, lexically: both are made absolute against the working folder.
    package static func isInside(_ path: String, folder: String) -> Bool {
        let file = absolute(path), root = absolute(folder)
        return root == "/" || file == root || file.hasPrefix(root + "/")
    }

    /// The path that reaches `path` from `folder`, both absolute, climbing with `..` where it lies outside.
    package static func relative(_ path: String, from folder: String) -> String {
        let target = normalize(path).split(separator: "/"), base = normalize(folder).split(separator: "/")
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared).map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The last component of `path`.
    package static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` made absolute against the working folder: what a message names, so `.` never stands for a folder.
    package static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? normalize(path) : normalize(FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// File name extensions that mark a lone shader rather than a composition: fragment shaders, and compute
    /// kernels (`.comp`, glslang's name; a `.glsl` kernel is told by its text).
    static let shaderExtensions: Set<String> = ["fsh", "frag", "fs", "glsl", "comp"]

    /// File name extensions that mark a movie for `--input` (a movie node's `file:` may be any file FFmpeg reads).
    static let movieExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "avi", "mpg", "mpeg", "ts", "mts", "ogv", "flv", "wmv", "y4m", "nut"]

    package static func isShaderFile(_ path: String) -> Bool {
        shaderExtensions.contains(fileExtension(of: path))
    }

    /// The model files a draw node reads, which the workbench opens on their own as glslViewer does.
    static let modelExtensions: Set<String> = ["obj", "ply", "stl", "gltf", "glb", "fbx", "dae", "3ds", "off"]

    package static func isModelFile(_ path: String) -> Bool {
        modelExtensions.contains(fileExtension(of: path))
    }

    /// A shader or a model opened on its own, which the workbench makes a one-node composition of.
    package static func isOpenedAlone(_ path: String) -> Bool {
        isShaderFile(path) || isModelFile(path)
    }

    package static func isMovieFile(_ path: String) -> Bool {
        movieExtensions.contains(fileExtension(of: path))
    }

    /// The lowercased text after the file name's last dot; empty when it has none.
    package static func fileExtension(of path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "" }
        return path[path.index(after: dot)...].lowercased()
    }
}

import ShaderLanguage
import Yams

/// The files a composition names, read even when it does not load (a shader missing, a node misspelt, an
/// `#include` of a file not there yet): a watcher follows them, so creating or fixing one of them reloads the
/// composition.
public enum ReferencedFiles {
    /// The composition itself, every `file:`, `vertex:` and `common:` under its nodes that the YAML can still be read
    /// for, and the vertex shaders that may sit beside shader files; just the composition when it cannot be
    /// parsed at all.
    public static func of(compositionAt path: String) -> [String] {
        if FilePaths.isShaderFile(path) { return [path] + includes(of: path) }
        guard let source = try? UserFile.readText(path: path),
              let root = try? Yams.compose(yaml: source.text),
              case .mapping(let top) = root,
              case .mapping(let nodes)? = top["nodes"]
        else { return [path] }
        let directory = FilePaths.directory(of: path)
        var files = [path]
        for (_, node) in nodes {
            guard case .mapping(let fields) = node else { continue }
            if let file = fields["file"]?.string {
                let path = FilePaths.join(directory, file)
                files.append(path)
                if FilePaths.isShaderFile(path) {
                    files += [ShaderDialect.glsl, .isf].compactMap { ShaderInterface.conventionalVertexShaderPath(of: path, dialect: $0) }
                    files += includes(of: path)
                }
            }
            for field in ["vertex", "common"] {
                if let named = fields[field]?.string { files.append(FilePaths.join(directory, named)) }
            }
        }
        return files
    }

    /// The files `shader`'s `#include`s name, and theirs, as found beside the including file: where a missing
    /// one is looked for first, so creating it there reloads.
    static func includes(of shader: String) -> [String] {
        var found: [String] = []
        var pending = [shader]
        while let file = pending.popLast(), found.count < 256 {
            guard let text = try? UserFile.readText(path: file) else { continue }
            for line in text.lines {
                guard let (named, _) = ShaderIncludes.includedPath(in: line), let named else { continue }
                let path = FilePaths.normalize(FilePaths.join(FilePaths.directory(of: file), named))
                guard path != shader, !found.contains(path) else { continue }
                found.append(path)
                pending.append(path)
            }
        }
        return found
    }
}

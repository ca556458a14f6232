import Yams

/// The files a composition names, read even when it does not load (a shader missing, a node misspelt):
/// a watcher follows them, so creating or fixing one of them reloads the composition.
public enum ReferencedFiles {
    /// The composition itself, every `file:`, `vertex:` and `common:` under its nodes that the YAML can still be read
    /// for, and the vertex shaders that may sit beside shader files; just the composition when it cannot be
    /// parsed at all.
    public static func of(compositionAt path: String) -> [String] {
        guard !FilePaths.isShaderFile(path),
              let source = try? UserFile.readText(path: path),
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
                }
            }
            for field in ["vertex", "common"] {
                if let named = fields[field]?.string { files.append(FilePaths.join(directory, named)) }
            }
        }
        return files
    }
}

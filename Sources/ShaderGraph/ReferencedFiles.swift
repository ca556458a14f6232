import Yams

/// The files a composition names, read even when it does not load (a shader missing, a node misspelt):
/// a watcher follows them, so creating or fixing one of them reloads the composition.
public enum ReferencedFiles {
    /// The composition itself and every `file:` under its nodes that the YAML can still be read for;
    /// just the composition when it cannot be parsed at all.
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
            guard case .mapping(let fields) = node, let file = fields["file"]?.string else { continue }
            files.append(FilePaths.join(directory, file))
        }
        return files
    }
}

import ShaderLanguage
import Yams

/// The files a composition names, read even when it does not load (a shader missing, a node misspelt, an
/// `#include` of a file not there yet): a watcher follows them, so creating or fixing one of them reloads the
/// composition.
public enum ReferencedFiles {
    /// The composition itself, every `file:`, `vertex:` and `common:` under its nodes that the YAML can still be read
    /// for, a draw node's model files, and the vertex shaders that may sit beside shader files; just the composition
    /// when it cannot be parsed at all, or is a model file.
    public static func of(compositionAt path: String) -> [String] {
        if FilePaths.isShaderFile(path) { return [path] + filesNamed(by: path) }
        if FilePaths.isModelFile(path) { return [path] }
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
                    files += filesNamed(by: path)
                }
            }
            for field in ["vertex", "common"] {
                if let named = fields[field]?.string { files.append(FilePaths.join(directory, named)) }
            }
            // A mesh that names a file (a model), alone or in a list; the built-in meshes' words name none.
            let meshes: [Yams.Node] = switch fields["mesh"] {
            case .sequence(let items)?: Array(items)
            case let single?: [single]
            case nil: []
            }
            for mesh in meshes {
                if let named = mesh.string, FilePaths.isModelFile(named) { files.append(FilePaths.join(directory, named)) }
            }
        }
        return files
    }

    /// The files `shader`'s `#include`s name, and theirs, and those its VS Code Shader Toy channels name (a
    /// channel's shader file's in turn), as found beside the file that names them: where a missing one is looked
    /// for first, so creating it there reloads.
    static func filesNamed(by shader: String) -> [String] {
        var found: [String] = []
        var pending = [shader]
        while let file = pending.popLast(), found.count < 256 {
            guard let text = try? UserFile.readText(path: file) else { continue }
            for line in text.lines {
                let named: String
                if let (included, _) = ShaderIncludes.includedPath(in: line), let included {
                    named = FilePaths.join(FilePaths.directory(of: file), included)
                } else if let channel = VSCodeShaderToyDirectives.channelFile(in: line, of: file) {
                    named = channel
                } else {
                    continue
                }
                let path = FilePaths.normalize(named)
                guard path != shader, !found.contains(path) else { continue }
                found.append(path)
                // Pictures and movies name nothing further.
                if ShaderIncludes.includedPath(in: line) != nil || FilePaths.isShaderFile(path) { pending.append(path) }
            }
        }
        return found
    }
}

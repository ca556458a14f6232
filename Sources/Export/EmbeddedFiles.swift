import ShaderGraph
import ShaderLanguage

/// The files a Swift export embeds, each under the path the composition names it by, so the generated code names
/// no folder of the machine it was made on: the composition under its file name, its shaders, vertex shaders and
/// input files by their paths from the composition's folder (`../shaders/look.fsh`), the built-in filters it uses
/// under `filterFolder`. Only a path the composition writes absolute stays absolute.
struct EmbeddedFiles {
    /// The folder the built-in filters are kept in among the embedded texts: a name no composition's folder has.
    static let filterFolder = "shaderbench-filters"

    var compositionPath: String
    /// Path → text: the composition, its shaders and ISF vertex shaders.
    var texts: [String: String]
    /// Image files that the app's inputs replace: they exist for the loader's checks, never read.
    var inputFiles: Set<String>
    var filterFolder: String

    init(_ composition: Composition, compositionText: String) throws(DiagnosticsError) {
        let onDisk = Self.files(of: composition, in: .disk)
        // Each file under every path a reference could resolve to; the composition loaded from them says which
        // its references did.
        let folder = FilePaths.directory(of: FilePaths.absolute(composition.path))
        var texts: [String: String] = [:], inputFiles: Set<String> = []
        for (path, text) in onDisk.texts {
            for key in Self.keys(of: path, from: folder) { texts[key] = text }
        }
        for path in onDisk.inputFiles { inputFiles.formUnion(Self.keys(of: path, from: folder)) }
        let compositionPath = FilePaths.fileName(of: composition.path)
        texts[compositionPath] = compositionText
        let candidates = EmbeddedFiles(compositionPath: compositionPath, texts: texts, inputFiles: inputFiles, filterFolder: Self.filterFolder)
        let used = Self.files(of: try candidates.load(), in: candidates.sourceFiles)
        self.init(compositionPath: compositionPath, texts: texts.filter { used.texts[$0.key] != nil || $0.key == compositionPath },
                  inputFiles: used.inputFiles, filterFolder: Self.filterFolder)
    }

    private init(compositionPath: String, texts: [String: String], inputFiles: Set<String>, filterFolder: String) {
        self.compositionPath = compositionPath
        self.texts = texts
        self.inputFiles = inputFiles
        self.filterFolder = filterFolder
    }

    /// The embedded texts as the loader reads files.
    var sourceFiles: SourceFiles {
        SourceFiles.embedded(texts: texts, otherFiles: inputFiles, filterFolder: filterFolder)
    }

    /// Loads the composition from the embedded texts alone, as the app will.
    func load() throws(DiagnosticsError) -> Composition {
        let files = sourceFiles
        do {
            return try CompositionLoader.load(source: try files.readText(path: compositionPath), files: files)
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([error as? Diagnostic ?? .error("\(error)")])
        }
    }

    /// The texts a composition's nodes read (path → text) and the files its inputs only name.
    private static func files(of composition: Composition, in files: SourceFiles) -> (texts: [String: String], inputFiles: Set<String>) {
        var texts: [String: String] = [:], inputFiles: Set<String> = []
        for node in composition.nodes {
            switch node.kind {
            case .shader(let pass):
                texts[pass.file] = pass.source.text
                if let vertex = pass.interface.vertexShader { texts[vertex.path] = vertex.text }
            case .compute(let kernel):
                // A Compute Shader Format file as it is written, not the kernels written from it.
                for pass in kernel.passes { texts[pass.file] = pass.format?.source.text ?? pass.source.text }
                // A buffer's JSON numbers are text, read as the loader read them; other starting bytes the exports
                // refuse (`ExportedInterface`).
                for file in kernel.buffers.compactMap(\.file) where file.hasSuffix(".json") {
                    texts[file] = (try? files.readText(path: file).text) ?? ""
                }
            case .image(let image):
                inputFiles.insert(image.file)
            // The app feeds a movie's frames; the composition only needs its file named.
            case .movie(let movie):
                inputFiles.insert(movie.file)
            default:
                break
            }
        }
        return (texts, inputFiles)
    }

    /// The paths a reference to `path` can resolve to in an embedded composition in `folder`: from the folder, as
    /// written whole, and for a built-in filter, in `filterFolder`.
    private static func keys(of path: String, from folder: String) -> Set<String> {
        let absolute = FilePaths.absolute(path)
        var keys: Set<String> = [absolute, FilePaths.relative(absolute, from: folder)]
        if FilePaths.directory(of: absolute) == FilePaths.absolute(FilterLibrary.folder) {
            keys.insert(filterFolder + "/" + FilePaths.fileName(of: absolute))
        }
        return keys
    }
}

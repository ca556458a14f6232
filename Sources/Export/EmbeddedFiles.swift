import ShaderGraph
import ShaderLanguage

/// The files a Swift export embeds, under paths relative to the folder they all share, so the generated
/// code names no folder of the machine it was made on. The paths still resolve as the composition wrote
/// them; one that reaches outside (an absolute `file:`) keeps every path whole.
struct EmbeddedFiles {
    var compositionPath: String
    /// Path → text: the composition, its shaders and ISF vertex shaders.
    var texts: [String: String]
    /// Image files that the app's inputs replace: they exist for the loader's checks, never read.
    var inputFiles: Set<String>
    var filterFolder: String

    init(_ composition: Composition, compositionText: String) throws(DiagnosticsError) {
        var texts: [String: String] = [composition.path: compositionText]
        var inputFiles: Set<String> = []
        var usesFilters = false
        for node in composition.nodes {
            switch node.kind {
            case .shader(let pass):
                texts[pass.file] = pass.source.text
                if let vertex = pass.interface.vertexShader { texts[vertex.path] = vertex.text }
                usesFilters = usesFilters || pass.file.hasPrefix(FilterLibrary.folder + "/")
            case .image(let image):
                inputFiles.insert(image.file)
            // The app feeds a movie's frames; the composition only needs its file named.
            case .movie(let movie):
                inputFiles.insert(movie.file)
            default:
                break
            }
        }
        let folders = (Array(texts.keys) + Array(inputFiles)).map(Self.folder) + (usesFilters ? [FilterLibrary.folder] : [])
        let root = folders.dropFirst().reduce(folders[0], Self.commonFolder)
        let relative = { (path: String) -> String in
            root == "/" ? String(path.dropFirst()) : String(path.dropFirst(root.count + 1))
        }
        let attempt = EmbeddedFiles(compositionPath: relative(composition.path),
                                    texts: Dictionary(uniqueKeysWithValues: texts.map { (relative($0.key), $0.value) }),
                                    inputFiles: Set(inputFiles.map(relative)),
                                    filterFolder: usesFilters ? relative(FilterLibrary.folder + "/x").dropLast(2).description : "shaders")
        if (try? attempt.load()) != nil {
            self = attempt
            return
        }
        self.init(compositionPath: composition.path, texts: texts, inputFiles: inputFiles,
                  filterFolder: usesFilters ? FilterLibrary.folder : "shaders")
        _ = try load()
    }

    private init(compositionPath: String, texts: [String: String], inputFiles: Set<String>, filterFolder: String) {
        self.compositionPath = compositionPath
        self.texts = texts
        self.inputFiles = inputFiles
        self.filterFolder = filterFolder
    }

    /// Loads the composition from the embedded texts alone, as the app will.
    func load() throws(DiagnosticsError) -> Composition {
        let files = SourceFiles.embedded(texts: texts, otherFiles: inputFiles, filterFolder: filterFolder)
        do {
            return try CompositionLoader.load(source: try files.readText(path: compositionPath), files: files)
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([error as? Diagnostic ?? .error("\(error)")])
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func commonFolder(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "/"), right = b.split(separator: "/")
        let shared = zip(left, right).prefix { $0 == $1 }.map { String($0.0) }
        return "/" + shared.joined(separator: "/")
    }
}

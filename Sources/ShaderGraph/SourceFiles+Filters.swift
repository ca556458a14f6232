import ShaderLanguage

/// Where the built-in filters are among a composition's files: `FilterLibrary`'s folder on disk, or the folder
/// an embedded composition's texts keep them in.
extension SourceFiles {
    public var filterFolder: String {
        switch self {
        case .disk: FilterLibrary.folder
        case .embedded(_, _, let folder): folder
        }
    }

    /// The built-in filters' names, for suggestions.
    var filterNames: [String] {
        switch self {
        case .disk:
            return FilterLibrary.names()
        case .embedded(let texts, _, let folder):
            return texts.keys.filter { FilePaths.directory(of: $0) == folder && $0.hasSuffix(".fsh") }
                .map { String($0.dropFirst(folder.count + 1).dropLast(4)) }.sorted()
        }
    }
}

/// Where a composition's files come from: the disk, or texts embedded in an app's source (an exported
/// composition), so the same loader reads both and nothing touches the disk for an embedded one.
public enum SourceFiles: Sendable {
    case disk
    /// `texts` by path; `otherFiles` are files that exist but are never read as text (images the app feeds
    /// itself); built-in filters resolve in `filterFolder`.
    case embedded(texts: [String: String], otherFiles: Set<String>, filterFolder: String)

    public func readText(path: String, reference: SourceLocation? = nil) throws(Diagnostic) -> SourceText {
        switch self {
        case .disk:
            return try UserFile.readText(path: path, reference: reference)
        case .embedded(let texts, _, _):
            guard let text = texts[path] else { throw .error("\(path): not among the embedded files", at: reference) }
            return SourceText(path: path, text: text)
        }
    }

    public func isRegularFile(_ path: String) -> Bool {
        switch self {
        case .disk: UserFile.isRegularFile(path)
        case .embedded(let texts, let otherFiles, _): texts[path] != nil || otherFiles.contains(path)
        }
    }
}

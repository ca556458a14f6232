/// A watched file split into the directory that inotify watches and the entry name that its events
/// carry. The directory, not the file, is watched because editors replace files: a watch on the file
/// itself dies with the old inode after a rename-over or a delete and recreate.
struct WatchedPath: Hashable, Sendable {
    /// Exactly as the caller spelled it; changes are reported under this spelling.
    let path: String
    /// "." for a bare file name, so relative paths keep working against the current directory.
    let directory: String
    let name: String

    init(_ path: String) throws(WatchError) {
        guard !path.isEmpty else { throw WatchError("cannot watch an empty path") }
        let directory: String
        let name: String
        if let slash = path.lastIndex(of: "/") {
            let prefix = path[..<slash]
            directory = prefix.isEmpty ? "/" : String(prefix)
            name = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            name = path
        }
        guard !name.isEmpty, name != ".", name != ".." else {
            throw WatchError("cannot watch \(path): not a path to a file")
        }
        self.path = path
        self.directory = directory
        self.name = name
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates folders for output as `mkdir -p` would: missing parents too, and no complaint when one exists.
public enum Directories {
    /// Creates the folder that `path` goes in; nothing when `path` names no folder.
    public static func createParent(of path: String) throws(SystemError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        try create(String(path[..<slash]))
    }

    public static func create(_ directory: String) throws(SystemError) {
        var partial = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            partial += component + "/"
            do throws(SystemError) {
                try SystemCall.perform("create the folder", path: directory) { mkdir(partial, 0o755) }
            } catch {
                // A folder already there is what was asked for; a file in its place makes the next mkdir fail.
                if error.code != EEXIST { throw error }
            }
        }
    }
}

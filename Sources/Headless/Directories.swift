#if canImport(Glibc)
import Glibc
#endif
import Images

/// Creates output folders as `mkdir -p` would.
public enum Directories {
    public static func createParent(of path: String) throws(ImageFileError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        try create(String(path[..<slash]))
    }

    public static func create(_ directory: String) throws(ImageFileError) {
        var partial = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            partial += component + "/"
            if mkdir(partial, 0o755) != 0 && errno != EEXIST {
                throw ImageFileError(path: directory, message: "cannot create the folder: \(String(cString: strerror(errno)))")
            }
        }
    }
}

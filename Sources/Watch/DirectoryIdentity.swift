import Glibc

/// A directory named by device and inode rather than by spelling, so "shaders", "./shaders" and
/// "/abs/shaders" share one watch, and a directory deleted and recreated under the same name is seen
/// as the new directory it is.
struct DirectoryIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(of directory: String) throws(WatchError) {
        var info = stat()
        guard stat(directory, &info) == 0 else { throw .cannotWatch(directory, code: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .cannotWatch(directory, code: ENOTDIR) }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

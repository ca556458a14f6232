import Glibc

/// What a directory entry that just appeared is, judged without following links.
struct NewEntry {
    /// A regular file with a single name: what open(O_CREAT) makes, which a writer still holds.
    /// A hard link or a symbolic link arrives complete, with no IN_CLOSE_WRITE to wait for.
    let isFreshRegularFile: Bool

    init(path: String) {
        var info = stat()
        isFreshRegularFile = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1
    }
}

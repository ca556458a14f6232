#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents all at once: the bytes go to a new file in the same directory, which rename(2) then
/// moves over the target. Anyone opening the path sees the old file or the new one, never a partial write.
///
/// There is no fsync: the promise is to concurrent readers, not durability across a power cut, and rendered
/// outputs are cheap to produce again.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws(ImageFileError) {
        func failure(_ message: String) -> ImageFileError {
            ImageFileError(path: path, message: message)
        }
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw failure("is not a file name")
        }

        var descriptor: Int32 = -1
        var temporaryPath = ""
        var openError: Int32 = 0
        // A random name with O_EXCL, rather than mkstemp, so the file is created with the usual 0666 & ~umask
        // permissions instead of mkstemp's 0600.
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            temporaryPath = "\(directory).\(shortened(name)).\(suffix).tmp"
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { break }
            openError = errno
            if openError != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw failure("cannot create a file in its directory (\(systemErrorDescription(openError)))")
        }

        var writeError: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = writeSome(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    writeError = errno
                    return
                }
                // Only a zero-length request may write nothing; anything else would loop forever.
                if count == 0 {
                    writeError = EIO
                    return
                }
                written += count
            }
        }
        // close can report a deferred write error (NFS, quotas), so its result counts too.
        if close(descriptor) != 0, writeError == 0, errno != EINTR {
            writeError = errno
        }
        guard writeError == 0 else {
            unlink(temporaryPath)
            throw failure("cannot write the file (\(systemErrorDescription(writeError)))")
        }
        guard rename(temporaryPath, path) == 0 else {
            let renameError = errno
            unlink(temporaryPath)
            throw failure("cannot replace the file (\(systemErrorDescription(renameError)))")
        }
    }

    /// The start of `name`, at most 100 UTF-8 bytes, so the temporary name stays under NAME_MAX (255 bytes).
    private static func shortened(_ name: String) -> String {
        var result = ""
        var length = 0
        for character in name {
            length += character.utf8.count
            if length > 100 { break }
            result.append(character)
        }
        return result
    }

    /// The directory prefix, ending in "/" or empty, and the last component.
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}

// At file scope because inside `AtomicFile` the name `write` means `AtomicFile.write(_:to:)`.
private func writeSome(_ descriptor: Int32, _ source: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, source, count)
}

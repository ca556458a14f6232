#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole image files with POSIX calls, refusing anything that is not a plain file of sane size before
/// reading a byte of it.
enum FileBytes {
    /// Far beyond any texture a 16384×16384 limit admits once compressed; a larger file is a mistake, not an input.
    static let maximumSize = 256 << 20

    static func read(path: String) throws(ImageFileError) -> [UInt8] {
        func failure(_ message: String) -> ImageFileError {
            ImageFileError(path: path, message: message)
        }
        // O_NONBLOCK so that opening a FIFO returns at once instead of waiting for a writer; it is refused below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            throw failure(code == ENOENT ? "no such file" : "cannot open the file (\(systemErrorDescription(code)))")
        }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw failure("cannot read the file (\(systemErrorDescription(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("is a directory, not an image file")
        default: throw failure("is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= maximumSize else {
            // Rounded up, so a file just over the limit does not claim to be exactly at it.
            throw failure("the file is \((size + (1 << 20) - 1) >> 20) MiB, larger than the \(maximumSize >> 20) MiB limit")
        }

        var readError: Int32 = 0
        // Uninitialised storage: zero-filling a buffer about to be overwritten would double the cost of large files.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initializedCount in
            var filled = 0
            while filled < size {
                let count = readSome(descriptor, buffer.baseAddress! + filled, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    break
                }
                // The file shrank while being read; what was there is all there is.
                if count == 0 { break }
                filled += count
            }
            initializedCount = filled
        }
        guard readError == 0 else {
            throw failure("cannot read the file (\(systemErrorDescription(readError)))")
        }
        return bytes
    }
}

// At file scope because inside `FileBytes` the name `read` means `FileBytes.read(path:)`.
private func readSome(_ descriptor: Int32, _ destination: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, destination, count)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole files read into memory. Anything that is not a regular file, or is larger than the caller allows, is
/// refused before a byte of it is read, so a mistaken path costs neither a hang nor the machine's memory.
public enum FileContents {
    /// The bytes of the regular file at `path`, which may be at most `limit` bytes long.
    public static func read(path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let descriptor: Int32
        do throws(SystemError) {
            // O_NONBLOCK so that opening a FIFO returns at once instead of waiting for a writer; it is refused below.
            descriptor = try SystemCall.perform("open", path: path) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        } catch {
            throw .cannotOpen(path: path, error)
        }
        defer { close(descriptor) }

        var status = stat()
        do throws(SystemError) {
            try SystemCall.perform("fstat", path: path) { fstat(descriptor, &status) }
        } catch {
            throw .cannotRead(path: path, error)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .directory(path: path)
        default: throw .notRegularFile(path: path)
        }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(path: path, size: size, limit: limit) }
        // An array made with no capacity is Swift's one shared empty storage, whose count the initializer
        // would write: two threads reading empty files at once would race on it.
        guard size > 0 else { return [] }

        var readError: SystemError?
        // Uninitialised storage: zero-filling a buffer about to be overwritten would double the cost of large files.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initializedCount in
            do throws(SystemError) {
                initializedCount = try DescriptorTransfer.readFully(
                    into: UnsafeMutableRawBufferPointer(buffer), from: descriptor, path: path)
            } catch {
                readError = error
                initializedCount = 0
            }
        }
        if let readError { throw .cannotRead(path: path, readError) }
        return bytes
    }
}

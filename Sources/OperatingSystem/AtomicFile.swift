#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents all at once: the bytes go to a new file in the same directory, which rename(2) then
/// moves over the target. Anyone opening the path sees the old file or the new one, never a partial write.
///
/// There is no fsync: the promise is to concurrent readers, not durability across a power cut, and what is
/// written this way (rendered images, generated pages) is cheap to produce again.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(AtomicWriteError) {
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .notAFileName(path: path)
        }

        var descriptor: Int32 = -1
        var temporaryPath = ""
        // A random name with O_EXCL, rather than mkstemp, so the file is created with the usual 0666 & ~umask
        // permissions instead of mkstemp's 0600. A name that is taken is tried again with another.
        for attempt in 1...16 {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            temporaryPath = "\(directory).\(shortened(name)).\(suffix).tmp"
            do throws(SystemError) {
                descriptor = try SystemCall.perform("open", path: temporaryPath) {
                    open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                }
                break
            } catch {
                if error.code != EEXIST || attempt == 16 { throw .cannotCreate(path: path, error) }
            }
        }

        var writeError: SystemError?
        bytes.withUnsafeBytes { buffer in
            do throws(SystemError) {
                try DescriptorTransfer.writeAll(buffer, to: descriptor, path: temporaryPath)
            } catch {
                writeError = error
            }
        }
        // close can report a deferred write error (NFS, quotas), so its result counts too; EINTR from close
        // leaves the descriptor closed on Linux and says nothing about the data.
        if close(descriptor) != 0, writeError == nil, errno != EINTR {
            writeError = SystemError(operation: "close", path: temporaryPath, code: errno)
        }
        if let writeError {
            unlink(temporaryPath)
            throw .cannotWrite(path: path, writeError)
        }
        do throws(SystemError) {
            try SystemCall.perform("rename", path: path) { rename(temporaryPath, path) }
        } catch {
            unlink(temporaryPath)
            throw .cannotReplace(path: path, error)
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

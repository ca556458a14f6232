#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole buffers through a descriptor the caller owns. read(2) and write(2) may move fewer bytes than asked
/// (a signal arriving mid-transfer, a pipe, a slow device), so each loops until the buffer is done.
enum DescriptorTransfer {
    /// Writes every byte of `bytes`, or throws.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String?) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let count = try SystemCall.perform("write", path: path) {
                write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            // Only a zero-length request may write nothing; taking it as progress would loop forever.
            guard count > 0 else { throw SystemError(operation: "write", path: path, code: EIO) }
            written += count
        }
    }

    /// Reads until `buffer` is full or the file ends, and returns how many bytes came.
    static func readFully(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, path: String?) throws(SystemError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = try SystemCall.perform("read", path: path) {
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            // The file ended early (it shrank while being read); what was there is all there is.
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}

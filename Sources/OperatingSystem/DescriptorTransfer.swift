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

    /// Writes `pieces` one after another in as few calls as the kernel allows (`writev`), so that a frame's
    /// planes go out as they lie, without first being copied into one buffer.
    static func writeAll(_ pieces: [UnsafeRawBufferPointer], to descriptor: Int32, path: String?) throws(SystemError) {
        var vectors = pieces.filter { $0.count > 0 }.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        var first = 0
        while first < vectors.count {
            // The kernel takes at most IOV_MAX (1024) pieces a call.
            let count = min(vectors.count - first, 1024)
            let written = try vectors.withUnsafeBufferPointer { vectors throws(SystemError) in
                try SystemCall.perform("writev", path: path) { writev(descriptor, vectors.baseAddress! + first, Int32(count)) }
            }
            guard written > 0 else { throw SystemError(operation: "writev", path: path, code: EIO) }
            // Skip what went out whole; a piece that went out in part starts later next time.
            var left = written
            while left > 0, left >= vectors[first].iov_len {
                left -= vectors[first].iov_len
                first += 1
            }
            if left > 0 {
                vectors[first].iov_base += left
                vectors[first].iov_len -= left
            }
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

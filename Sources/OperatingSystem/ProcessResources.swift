#if canImport(Glibc)
import Glibc
#endif

/// What the running process holds of the system's resources, as Linux reports it under /proc/self: for a
/// soak or a leak check, two readings taken at the same point of the same work should match.
public enum ProcessResources {
    /// File descriptors open now.
    public static func openDescriptors() -> Int {
        guard let folder = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(folder) }
        var count = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { count += 1 }
        }
        // The listing's own descriptor is not one the process holds.
        return count - 1
    }

    /// Hands the heap's free pages back to the system, in every thread's arena: after a large release (a
    /// whole graph at a reload), glibc otherwise keeps them, and a long session's resident memory creeps up with
    /// each thread's arena that happened to hold the freed blocks.
    public static func returnFreedMemory() {
        _ = mallocTrim?(0)
    }

    /// Keeps freed blocks of up to 32 MiB in the heap for the next frame instead of returning them at once:
    /// a frame allocates and frees the same large blocks (the driver's vertex and upload buffers), which glibc
    /// would otherwise map and unmap, or hand back from the heap's top, every frame, to fault them in again in
    /// the next. What is kept goes back at `returnFreedMemory()`, which follows each reload.
    public static func keepFreedMemoryBetweenFrames() {
        guard let mallopt = mallopt else { return }
        // M_TRIM_THRESHOLD and M_MMAP_THRESHOLD, as malloc.h numbers them.
        _ = mallopt(-1, 64 << 20)
        _ = mallopt(-3, 32 << 20)
    }

    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()

    /// glibc's `malloc_trim`, found at run time: malloc.h is not part of Swift's Glibc module.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Bytes of memory resident now.
    public static func residentBytes() -> Int {
        // /proc files say they are empty until read, so this reads what is there rather than what stat says.
        guard let descriptor = try? SystemCall.perform("open", path: "/proc/self/statm", { open("/proc/self/statm", O_RDONLY | O_CLOEXEC) }) else {
            return -1
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { bytes in
            (try? DescriptorTransfer.readFully(into: bytes, from: descriptor, path: "/proc/self/statm")) ?? 0
        }
        let fields = String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

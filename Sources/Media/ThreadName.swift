import Foundation

/// Names the calling thread where Linux tools (top, gdb, /proc) show it. Foundation's `Thread.name` stays
/// inside Foundation on Linux, and the kernel keeps only a name's first 15 bytes.
enum ThreadName {
    static let kernelLimit = 15

    static func setCurrent(_ name: String) {
        #if os(Linux)
        let shortened = String(decoding: Array(name.utf8.prefix(kernelLimit)), as: UTF8.self)
        // Best effort: a name only helps whoever debugs; failing to set one changes nothing else.
        try? shortened.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the running program's own files are: the folder of its executable, beside which (or above which, in a
/// checkout) the files installed with it lie.
public enum ProgramLocation {
    /// The folder of the running executable (`/proc/self/exe`, links resolved); nil where it cannot be read.
    public static var executableDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return directory(of: String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func directory(of path: String) -> String? {
        path.lastIndex(of: "/").map { String(path[..<$0]) }
    }
}

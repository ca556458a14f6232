#if canImport(Glibc)
import Glibc
#endif
import ShaderGraph

/// Finds the composition opened when none is named: in the working directory, else in the checkout the
/// executable was built in (found by walking up from it).
enum DefaultComposition {
    static let relativePath = "compositions/default.yaml"

    static func locate() -> String? {
        if UserFile.isRegularFile(relativePath) { return relativePath }
        var directory = executableDirectory()
        while directory.count > 1 {
            let candidate = directory + "/" + relativePath
            if UserFile.isRegularFile(candidate) { return candidate }
            guard let slash = directory.lastIndex(of: "/") else { break }
            directory = String(directory[..<slash])
        }
        return nil
    }

    private static func executableDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "." }
        let path = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }
}

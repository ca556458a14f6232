#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OperatingSystem

/// Reads the user's text files (compositions, shaders) with the errors a person can act on: a missing file,
/// a directory, a file too large to be a shader, text that is not UTF-8 (located at the first bad byte).
public enum UserFile {
    /// No composition or shader is anywhere near this; a larger file is a mistake, not an input.
    public static let maximumTextSize = 4 << 20

    /// `displayPath` names the file in messages; `path` is where it is read from.
    public static func readText(path: String, displayPath: String? = nil, reference: SourceLocation? = nil) throws(Diagnostic) -> SourceText {
        let shown = displayPath ?? path
        let bytes = try readBytes(path: path, displayPath: shown, limit: maximumTextSize, reference: reference)
        return try decodeUTF8(bytes, displayPath: shown)
    }

    /// Whether a file exists and is a regular file, for validation that must not read it yet.
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether a folder exists there.
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    static func readBytes(path: String, displayPath: String, limit: Int, reference: SourceLocation?) throws(Diagnostic) -> [UInt8] {
        do {
            return try FileContents.read(path: path, limit: limit)
        } catch {
            let message = switch error {
            case .cannotOpen where error.isMissing: "no such file"
            case .cannotOpen(_, let failure): "cannot open: \(failure.reason)"
            case .cannotRead(_, let failure): "cannot read: \(failure.reason)"
            case .directory, .notRegularFile: "is not a regular file"
            case .tooLarge(_, let size, let limit): "is \(size) bytes, more than the \(limit >> 20) MiB a text file here may have"
            }
            throw .error("\(displayPath): \(message)", at: reference, code: .unreadableFile)
        }
    }

    /// Decodes UTF-8, or names the line and column of the first byte that is not.
    static func decodeUTF8(_ bytes: [UInt8], displayPath: String) throws(Diagnostic) -> SourceText {
        if let text = String(validating: bytes, as: UTF8.self) {
            let withoutBOM = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            return SourceText(path: displayPath, text: withoutBOM)
        }
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 { break }
            // LF, CR LF and a lone CR each end one line, as `SourceText` reads them.
            let byte = bytes[index]
            if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\r"))) {
                line += 1
            }
            if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") { lineStart = index + 1 }
            index += length
        }
        let column = (String(validating: bytes[lineStart..<index], as: UTF8.self)?.count ?? 0) + 1
        throw Diagnostic.error(
            "the file is not valid UTF-8 text (byte 0x\(String(bytes[min(index, bytes.count - 1)], radix: 16, uppercase: true)))",
            at: SourceLocation(file: displayPath, line: line, column: column), code: .unreadableFile)
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0 if it is malformed.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        return String(validating: bytes[index..<index + length], as: UTF8.self) == nil ? 0 : length
    }
}

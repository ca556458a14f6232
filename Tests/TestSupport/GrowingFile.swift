import OperatingSystem

/// What a file another process is still writing (a log, a trace) holds so far. Not `String(contentsOfFile:)`,
/// which on Linux leaks its buffer when the file grows while it reads.
public func textSoFar(of path: String) -> String {
    guard let bytes = try? FileContents.read(path: path, limit: 64 << 20) else { return "" }
    return String(decoding: bytes, as: UTF8.self)
}

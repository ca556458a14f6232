import ShaderGraph
import ShaderLanguage

/// Parses the bytes as a driver's compile log; every message must have a known severity and no negative
/// position.
enum CompilerLogFuzzing {
    static func run(_ data: [UInt8]) {
        for message in CompilerLogParser.parse(String(decoding: data, as: UTF8.self)) {
            precondition((message.line ?? 0) >= 0 && (message.column ?? 0) >= 0, "a message at a negative position: \(message)")
        }
    }
}

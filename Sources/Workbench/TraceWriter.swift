#if canImport(Glibc)
import Glibc
#endif
import OperatingSystem

/// Writes one JSON object per line for each event of the reload loop, stamped with CLOCK_MONOTONIC seconds,
/// which every process on the machine shares: a test or benchmark can time a save it made itself against
/// the frame that first showed its result.
final class TraceWriter {
    private let descriptor: Int32

    init(path: String) throws(WindowError) {
        do {
            descriptor = try SystemCall.perform("open", path: path) { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        } catch {
            throw WindowError("Cannot write the trace to \(path): \(error.reason).")
        }
    }

    enum Value {
        case string(String)
        case number(Double)
        case integer(Int)
        case bool(Bool)
        case integers([Int])
        case floats([Float])
    }

    func record(_ event: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        var line = "{\"t\":\(Self.monotonicSeconds()),\"event\":\(Self.quoted(event))"
        for (key, value) in fields {
            line += ",\(Self.quoted(key)):"
            switch value {
            case .string(let text): line += Self.quoted(text)
            case .number(let number): line += number.isFinite ? "\(number)" : "null"
            case .integer(let integer): line += "\(integer)"
            case .bool(let flag): line += flag ? "true" : "false"
            case .integers(let integers): line += "[" + integers.map(String.init).joined(separator: ",") + "]"
            case .floats(let numbers): line += "[" + numbers.map { $0.isFinite ? "\($0)" : "null" }.joined(separator: ",") + "]"
            }
        }
        line += "}\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    deinit {
        close(descriptor)
    }
}

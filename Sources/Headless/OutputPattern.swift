import ShaderGraph

/// Where rendered frames go: a path with one printf-style frame number (`out/frame-%04d.png`), or a plain
/// path when only one frame is rendered.
public struct OutputPattern: Sendable {
    public let text: String
    private let prefix: String
    private let suffix: String
    /// Nil for a plain path with no frame number.
    private let width: Int?
    private let zeroPadded: Bool

    public enum Problem: Error, Sendable, CustomStringConvertible {
        case notPNG(String)
        case malformed(String)
        case severalNumbers(String)

        public var description: String {
            switch self {
            case .notPNG(let text): "--out \(text): frames are written as PNG (end the pattern with .png), as a movie (.mp4, .mkv, .mov or .webm), or sent to a udp://, srt://, rtmp:// or rtsp:// URL"
            case .malformed(let text): "--out \(text): a frame number is written %d or %0Nd (e.g. %04d); write %% for a literal %"
            case .severalNumbers(let text): "--out \(text): the pattern may hold one frame number, not several"
            }
        }
    }

    public init(_ text: String) throws(Problem) {
        guard text.lowercased().hasSuffix(".png") else { throw .notPNG(text) }
        self.text = text
        var prefix = ""
        var suffix = ""
        var width: Int?
        var zeroPadded = false
        var characters = Array(text)[...]
        var seenNumber = false
        while let character = characters.popFirst() {
            guard character == "%" else {
                if seenNumber { suffix.append(character) } else { prefix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if seenNumber { suffix.append("%") } else { prefix.append("%") }
                continue
            }
            let digits = String(characters.prefix { $0.isNumber })
            characters.removeFirst(digits.count)
            guard characters.popFirst() == "d", digits.count <= 2 else { throw .malformed(text) }
            guard !seenNumber else { throw .severalNumbers(text) }
            seenNumber = true
            zeroPadded = digits.hasPrefix("0")
            width = Int(digits) ?? 0
        }
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
        self.zeroPadded = zeroPadded
    }

    /// Whether the pattern numbers its frames; a plain path can hold one frame only.
    public var isNumbered: Bool { width != nil }

    public func path(forFrame frame: Int) -> String {
        guard let width else { return prefix }
        let digits = String(frame)
        let padding = max(0, width - digits.count)
        return prefix + String(repeating: zeroPadded ? "0" : " ", count: padding) + digits + suffix
    }
}

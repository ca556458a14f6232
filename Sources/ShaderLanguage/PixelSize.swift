/// A width and height in pixels, both positive.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest side a render target may have; GL drivers refuse larger textures, and llvmpipe's limit is this.
    public static let maximumSide = 16384

    /// The most pixels one render target may have: 64 megapixels, 512 MiB as half floats. A size, a `--size`
    /// or an ISF pass's WIDTH and HEIGHT beyond it is an error, never a gigabyte allocated from one line.
    public static let maximumPixels = 64 * 1024 * 1024

    public var pixelCount: Int { width * height }

    /// Whether a target of this size stays within `maximumPixels`.
    public var isWithinBudget: Bool { pixelCount <= Self.maximumPixels }

    /// What a size beyond the budget is, for a message that also says what is allowed.
    public static let overBudget = "more than \(maximumPixels / (1024 * 1024)) megapixels, the most one target may have (8192×8192, say)"

    /// The default render size when nothing in the composition gives one.
    public static let standard = PixelSize(width: 640, height: 480)

    /// Why a text is not a size, saying what is accepted.
    public struct InvalidSize: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `1280x720` (or `1280×720`), as given on the command line.
    public init(parsing text: String) throws(InvalidSize) {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw InvalidSize(description: "a size is WIDTHxHEIGHT in pixels, such as 1280x720")
        }
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw InvalidSize(description: "each side is from 1 to \(Self.maximumSide) pixels, and the whole at most \(Self.maximumPixels / (1024 * 1024)) megapixels")
        }
        let size = PixelSize(width: width, height: height)
        guard size.isWithinBudget else { throw InvalidSize(description: "\(size) is \(Self.overBudget)") }
        self = size
    }

    public var description: String { "\(width)×\(height)" }
}

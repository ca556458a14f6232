/// Frames per second as a fraction, so that rates such as 30000/1001 stay exact: what movies are written
/// at, what `render` steps by, and what a composition's keys in frames count in.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public var numerator: Int
    public var denominator: Int

    public init(_ numerator: Int, _ denominator: Int = 1) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public init(integerLiteral framesPerSecond: Int) {
        self.init(framesPerSecond)
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    public var isValid: Bool { numerator > 0 && denominator > 0 }

    public var description: String {
        denominator == 1 ? "\(numerator) fps" : "\(numerator)/\(denominator) fps"
    }
}

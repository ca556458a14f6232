/// Frame rates as people and files write them, read as the exact fractions encoders and containers store.
extension FrameRate {
    /// `30`, `12.5`, `29.97` or `30000/1001`; nil when the text is no rate above zero. The NTSC rates written
    /// as decimals (23.976, 29.97, 59.94, …) are the fractions they stand for: `29.97` is 30000/1001.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let numerator = Int(parts[0]), let denominator = Int(parts[1]), numerator > 0, denominator > 0 else { return nil }
            self = Self(numerator, denominator).reduced
            return
        }
        guard parts.count == 1, let value = Double(text), value > 0, value.isFinite, value <= 1_000_000 else { return nil }
        let fractionDigits = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        guard fractionDigits <= 6 else { return nil }
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        self = Self(Int((value * Double(scale)).rounded()), scale).reduced.standardised
    }

    /// The rate a file's approximate fraction stands for: a rate within 0.01 fps of an NTSC one
    /// (N × 1000/1001, as 2997/100 is) is that rate exactly; any other is kept, in lowest terms.
    public var standardised: Self {
        let whole = (framesPerSecond * 1001 / 1000).rounded()
        guard denominator != 1, denominator != 1001, whole >= 1,
              abs(framesPerSecond - whole * 1000 / 1001) < 0.01 else { return reduced }
        return Self(Int(whole) * 1000, 1001)
    }

    /// The time of frame `index`, in seconds: index × denominator / numerator.
    public func seconds(ofFrame index: Int) -> Double {
        Double(index) * Double(denominator) / Double(numerator)
    }

    private var reduced: Self {
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        return a > 1 ? Self(numerator / a, denominator / a) : self
    }
}

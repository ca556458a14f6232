extension String {
    /// One decimal place, without Foundation's formatting.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// Two decimal places, for milliseconds.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = abs(hundredths) % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Three decimal places, for parameter values.
    init(format3 value: Float) {
        let thousandths = Int((Double(value) * 1000).rounded())
        let whole = abs(thousandths) / 1000, fraction = abs(thousandths) % 1000
        self = (thousandths < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 3 - String(fraction).count) + "\(fraction)"
    }

    /// Four decimal places, for pixel values.
    init(format4 value: Float) {
        let tenThousandths = Int((Double(value) * 10000).rounded())
        let whole = abs(tenThousandths) / 10000, fraction = abs(tenThousandths) % 10000
        self = (tenThousandths < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 4 - String(fraction).count) + "\(fraction)"
    }
}

/// Where a tone at half scale starts in decoded sound, after a given moment: the middle of the first 5 ms
/// whose loudness passes half the tone's, which is the onset itself, however coding smears it either side.
public enum SoundOnset {
    public static func find(in samples: [Float], rate: Int, after seconds: Double) -> Double? {
        let window = rate / 200
        var start = Int(seconds * Double(rate))
        while start + window <= samples.count {
            let slice = samples[start..<start + window]
            if (slice.reduce(0) { $0 + $1 * $1 } / Float(window)).squareRoot() > 0.177 { return Double(start + window / 2) / Double(rate) }
            start += window / 5
        }
        return nil
    }
}

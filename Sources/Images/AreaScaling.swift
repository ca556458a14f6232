extension RGBAImage {
    /// This image at `size`: each new pixel is the average of the pixels it covers, weighted by how much of
    /// each it covers, so a small copy keeps fine detail as tone instead of aliasing it. Colours are
    /// averaged by alpha, so transparent pixels lend no colour to their neighbours.
    public func scaled(width newWidth: Int, height newHeight: Int) -> RGBAImage {
        precondition(newWidth > 0 && newHeight > 0, "a scaled image needs a positive size")
        let columns = Self.coverage(from: width, to: newWidth)
        let rows = Self.coverage(from: height, to: newHeight)

        // Alpha-weighted colour sums and alpha, first across each row, then down each column.
        var across = [Double](repeating: 0, count: newWidth * height * 4)
        for y in 0..<height {
            for (x, taps) in columns.enumerated() {
                var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for tap in taps {
                    let source = (y * width + tap.index) * 4
                    let alpha = Double(pixels[source + 3]) * tap.weight
                    sums.0 += Double(pixels[source]) * alpha
                    sums.1 += Double(pixels[source + 1]) * alpha
                    sums.2 += Double(pixels[source + 2]) * alpha
                    sums.3 += alpha
                }
                let target = (y * newWidth + x) * 4
                (across[target], across[target + 1], across[target + 2], across[target + 3]) = sums
            }
        }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for (y, taps) in rows.enumerated() {
            for x in 0..<newWidth {
                var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for tap in taps {
                    let source = (tap.index * newWidth + x) * 4
                    sums.0 += across[source] * tap.weight
                    sums.1 += across[source + 1] * tap.weight
                    sums.2 += across[source + 2] * tap.weight
                    sums.3 += across[source + 3] * tap.weight
                }
                let target = (y * newWidth + x) * 4
                if sums.3 > 0 {
                    result[target] = Self.level(sums.0 / sums.3)
                    result[target + 1] = Self.level(sums.1 / sums.3)
                    result[target + 2] = Self.level(sums.2 / sums.3)
                }
                result[target + 3] = Self.level(sums.3)
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// For each of `target` pixels along one axis, the `source` pixels it covers and the share of it each
    /// one covers (the shares add up to 1).
    private static func coverage(from source: Int, to target: Int) -> [[(index: Int, weight: Double)]] {
        let step = Double(source) / Double(target)
        return (0..<target).map { position in
            let start = Double(position) * step
            let end = min(Double(position + 1) * step, Double(source))
            var taps: [(index: Int, weight: Double)] = []
            var index = Int(start.rounded(.down))
            while Double(index) < end {
                let covered = min(end, Double(index + 1)) - max(start, Double(index))
                if covered > 0 { taps.append((index, covered / (end - start))) }
                index += 1
            }
            return taps
        }
    }

    private static func level(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}

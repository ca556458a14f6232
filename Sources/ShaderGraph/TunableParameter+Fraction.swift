extension TunableParameter {
    /// The parameter's value with one number (`component`, or its only one) set `fraction` (0 to 1) of the way
    /// across the range its control offers, the others as in `current`: how a controller plays it. Whole
    /// numbers are rounded, a bool or event is on from half way, a menu steps through its values.
    public func value(at fraction: Float, component: Int?, from current: [Float]) -> [Float] {
        let fraction = min(max(fraction, 0), 1)
        let index = component ?? 0
        var value = current.count == count ? current : [Float](repeating: 0, count: count)
        guard value.indices.contains(index) else { return value }
        func across(_ range: ClosedRange<Float>) -> Float { range.lowerBound + fraction * (range.upperBound - range.lowerBound) }
        switch control {
        case .slider(let range):
            value[index] = across(range)
        case .integerSlider(let range):
            value[index] = across(Float(range.lowerBound)...Float(range.upperBound)).rounded()
        case .checkbox, .button:
            value[index] = fraction >= 0.5 ? 1 : 0
        case .menu(let values, _):
            guard !values.isEmpty else { break }
            value[index] = Float(values[min(Int(fraction * Float(values.count)), values.count - 1)])
        case .point(let x, let y, _):
            value[index] = across(index == 0 ? x : y)
        case .colour:
            value[index] = fraction
        case .components(let ranges, let integers):
            let number = across(ranges.indices.contains(index) ? ranges[index] : 0...1)
            value[index] = integers ? number.rounded() : number
        }
        return value
    }
}

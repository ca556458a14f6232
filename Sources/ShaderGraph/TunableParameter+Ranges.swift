extension TunableParameter {
    /// The span each number of the parameter moves over in its control: what a timeline draws a curve against
    /// and what a recorded take's tolerance is a fraction of.
    public var componentRanges: [ClosedRange<Float>] {
        switch control {
        case .slider(let range):
            return [range]
        case .integerSlider(let range):
            return [Float(range.lowerBound)...Float(range.upperBound)]
        case .checkbox, .button, .colour:
            return [ClosedRange<Float>](repeating: 0...1, count: count)
        case .menu(let values, _):
            let numbers = values.map(Float.init)
            return [(numbers.min() ?? 0)...(numbers.max() ?? 1)]
        case .point(let x, let y, _):
            return [x, y]
        case .components(let ranges, _):
            return (0..<count).map { ranges.indices.contains($0) ? ranges[$0] : 0...1 }
        }
    }
}

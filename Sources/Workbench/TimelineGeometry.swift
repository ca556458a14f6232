import Overlay
import ShaderGraph

/// Where the timeline puts time and value, in window units: seconds from the left edge of a lane to its right,
/// each number of a parameter from the bottom of its range to the top. Pure arithmetic, so that drawing, the
/// pointer and the tests agree on every place.
struct TimelineGeometry: Equatable {
    /// The lane a parameter's curve is drawn in.
    var lane: InterfaceRectangle
    /// The seconds the lanes show, left to right.
    var span: ClosedRange<Double>

    /// The seconds shown: the composition's `duration`, else to the last key, and at least 1 s.
    static func span(duration: Double?, lastKey: Double?) -> ClosedRange<Double> {
        0...max(1, duration ?? lastKey ?? 10)
    }

    func x(of seconds: Double) -> Float {
        lane.x + Float((seconds - span.lowerBound) / (span.upperBound - span.lowerBound)) * lane.width
    }

    /// The time under `x`, held to the span.
    func seconds(at x: Float) -> Double {
        let fraction = Double((x - lane.x) / max(1, lane.width))
        return span.lowerBound + min(max(fraction, 0), 1) * (span.upperBound - span.lowerBound)
    }

    func y(of value: Float, range: ClosedRange<Float>) -> Float {
        let extent = range.upperBound - range.lowerBound
        let fraction = extent > 0 ? (value - range.lowerBound) / extent : 0.5
        return lane.y + lane.height - min(max(fraction, 0), 1) * lane.height
    }

    /// The value under `y`, held to the range.
    func value(at y: Float, range: ClosedRange<Float>) -> Float {
        let fraction = min(max((lane.y + lane.height - y) / max(1, lane.height), 0), 1)
        return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    }

    func contains(x: Float, y: Float) -> Bool {
        x >= lane.x && x <= lane.x + lane.width && y >= lane.y && y <= lane.y + lane.height
    }

    /// The key and component drawn nearest `point`, if one is within `reach`.
    func key(near point: (x: Float, y: Float), in keys: [Keyframe], ranges: [ClosedRange<Float>], reach: Float) -> (index: Int, component: Int)? {
        var best: (index: Int, component: Int, distance: Float)?
        for (index, key) in keys.enumerated() {
            for component in key.value.indices {
                let range = ranges.indices.contains(component) ? ranges[component] : 0...1
                let dx = x(of: key.time) - point.x, dy = y(of: key.value[component], range: range) - point.y
                let distance = (dx * dx + dy * dy).squareRoot()
                if distance <= reach, distance < best?.distance ?? .infinity { best = (index, component, distance) }
            }
        }
        return best.map { ($0.index, $0.component) }
    }
}

import Foundation

/// The window's JSON-lines trace (`--trace FILE`), read back by tests and benchmarks.
public struct WindowTrace {
    public struct Event {
        public var time: Double
        public var name: String
        public var fields: [String: Any]
    }

    public var events: [Event]

    public init(path: String) {
        let text = textSoFar(of: path)
        events = text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let time = object["t"] as? Double, let name = object["event"] as? String else { return nil }
            return Event(time: time, name: name, fields: object)
        }
    }

    /// Times of presented frames, in order.
    public var frames: [Double] { events.filter { $0.name == "frame-presented" }.map(\.time) }

    /// The first frame after `time` drawn with program `identifier`.
    public func firstFrame(after time: Double, using identifier: Int) -> Double? {
        events.first { event in
            event.name == "frame-presented" && event.time > time && ((event.fields["programs"] as? [Int])?.contains(identifier) ?? false)
        }?.time
    }

    /// The program swapped in for `node` after `time`.
    public func swappedProgram(for node: String, after time: Double) -> Int? {
        events.first { $0.name == "program-swapped" && $0.time > time && $0.fields["node"] as? String == node }?.fields["program"] as? Int
    }

    public func compileMilliseconds(after time: Double) -> Double? {
        events.first { $0.name == "compile-end" && $0.time > time }?.fields["milliseconds"] as? Double
    }

    /// Where the parameter panel last said a control is (`part`: `value`, `reset`, `swatch`, `picker`, `x`,
    /// …), in window pixels: x, y, width, height.
    public func control(_ node: String, _ uniform: String, part: String = "value") -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let fields = events.last(where: { event in
            event.name == "panel-control" && event.fields["node"] as? String == node && event.fields["uniform"] as? String == uniform
                && event.fields["part"] as? String == part
        })?.fields,
            let x = fields["x"] as? Double, let y = fields["y"] as? Double,
            let width = fields["width"] as? Double, let height = fields["height"] as? Double else { return nil }
        return (x, y, width, height)
    }

    /// Where the grid of every node last said each node's tile shows its image, in window pixels, by node.
    public var gridTiles: [String: (x: Double, y: Double, width: Double, height: Double)] {
        latestRectangles(of: "grid-tile", keyedBy: "node")
    }

    /// Where the graph view last said each node's box is, in window pixels, by node.
    public var graphNodes: [String: (x: Double, y: Double, width: Double, height: Double)] {
        latestRectangles(of: "graph-node", keyedBy: "node")
    }

    /// The code of the error the graph view last marked each node with (empty for none), by node.
    public var graphProblems: [String: String] {
        var problems: [String: String] = [:]
        for reading in events where reading.name == "graph-node" {
            if let node = reading.fields["node"] as? String { problems[node] = reading.fields["problem"] as? String ?? "" }
        }
        return problems
    }

    /// Where the filter library last said each filter's thumbnail is, in window pixels, by filter.
    public var libraryThumbnails: [String: (x: Double, y: Double, width: Double, height: Double)] {
        latestRectangles(of: "library-thumbnail", keyedBy: "filter")
    }

    /// The last rectangle each `event` gave, by the value of its `key` field.
    private func latestRectangles(of event: String, keyedBy key: String) -> [String: (x: Double, y: Double, width: Double, height: Double)] {
        var rectangles: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
        for reading in events where reading.name == event {
            let fields = reading.fields
            guard let name = fields[key] as? String, let x = fields["x"] as? Double, let y = fields["y"] as? Double,
                  let width = fields["width"] as? Double, let height = fields["height"] as? Double else { continue }
            rectangles[name] = (x, y, width, height)
        }
        return rectangles
    }

    /// Each value the window set `node.uniform` to, in order.
    /// What the panel's control for `node.uniform` showed, each time it changed.
    public func shownValues(_ node: String, _ uniform: String) -> [[Double]] {
        events.filter { $0.name == "panel-value" && $0.fields["node"] as? String == node && $0.fields["uniform"] as? String == uniform }
            .compactMap { $0.fields["value"] as? [Double] }
    }

    /// The keys the window took, as the trace names them (`q`, `ctrl+s`, `escape`).
    public var keys: [String] { events.filter { $0.name == "key" }.compactMap { $0.fields["key"] as? String } }

    /// The panel's count of unsaved values, each time it changed.
    public var unsavedCounts: [Int] {
        events.filter { $0.name == "panel-unsaved" }.compactMap { $0.fields["count"] as? Int }
    }

    public func parameterValues(_ node: String, _ uniform: String) -> [[Double]] {
        events.filter { $0.name == "parameter-changed" && $0.fields["node"] as? String == node && $0.fields["uniform"] as? String == uniform }
            .compactMap { $0.fields["value"] as? [Double] }
    }
}

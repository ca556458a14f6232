import Foundation

/// The window's JSON-lines trace, read back for measuring.
struct Trace {
    struct Event {
        var time: Double
        var name: String
        var fields: [String: Any]
    }

    var events: [Event]

    init(path: String) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        events = text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let time = object["t"] as? Double, let name = object["event"] as? String else { return nil }
            return Event(time: time, name: name, fields: object)
        }
    }

    /// Times of presented frames, in order.
    var frames: [Double] { events.filter { $0.name == "frame-presented" }.map(\.time) }

    /// The first frame after `time` drawn with program `identifier`.
    func firstFrame(after time: Double, using identifier: Int) -> Double? {
        events.first { event in
            event.name == "frame-presented" && event.time > time && ((event.fields["programs"] as? [Int])?.contains(identifier) ?? false)
        }?.time
    }

    /// The program swapped in for `node` after `time`.
    func swappedProgram(for node: String, after time: Double) -> Int? {
        events.first { $0.name == "program-swapped" && $0.time > time && $0.fields["node"] as? String == node }?.fields["program"] as? Int
    }

    func compileMilliseconds(after time: Double) -> Double? {
        events.first { $0.name == "compile-end" && $0.time > time }?.fields["milliseconds"] as? Double
    }
}

/// CLOCK_MONOTONIC in seconds: the clock the window stamps its trace with.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

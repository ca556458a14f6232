import ShaderLanguage
import VideoFrames
import Yams

/// Reading keys: the top-level `animate:` map and `duration:`, and the key lists a `curve` node holds.
extension CompositionLoading {
    /// `animate: { NODE.PARAMETER: KEYS, … }`, each entry's curve as it is written; what it keys is checked
    /// once the nodes are read (`AnimatedParameter.checked`).
    func readAnimation(_ node: Yams.Node) -> [AnimatedParameter] {
        guard let mapping = attempt({ () throws(Diagnostic) in try reader.mapping(node, what: "'animate'") }) else { return [] }
        var animation: [AnimatedParameter] = []
        for (key, value) in mapping {
            guard let text = attempt({ () throws(Diagnostic) in try reader.string(key, what: "a keyed parameter") }) else { continue }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                report("a keyed parameter is written NODE.PARAMETER, found '\(text)'", at: key, code: .malformedKey)
                continue
            }
            guard let curve = readCurve(value, what: "the keys of \(text)") else { continue }
            let reference = ParameterReference(node: String(parts[0]), uniform: String(parts[1]), location: reader.location(of: key))
            animation.append(AnimatedParameter(reference: reference, curve: curve))
        }
        return animation
    }

    /// `duration: TIME`: how long the composition plays, for `render` and the window's timeline; written as a
    /// key's time is.
    func readDuration(_ node: Yams.Node) -> Double? {
        guard let seconds = attempt({ () throws(Diagnostic) in try readTime(node, what: "'duration'") }) else { return nil }
        guard seconds > 0 else {
            report("'duration' is a time above 0, found \(reader.describe(node))", at: node, code: .malformedKey)
            return nil
        }
        return seconds
    }

    /// `rate:` (frames a second, a number or a fraction) and `tempo:` (beats a minute), which keys' times in
    /// frames and beats count in.
    func readKeyClock(_ mapping: Yams.Node.Mapping) -> KeyClock {
        var clock = KeyClock()
        if let rateNode = mapping["rate"] {
            if case .scalar(let scalar) = rateNode, let rate = FrameRate(parsing: scalar.string) {
                clock.rate = rate
            } else {
                report("'rate' is frames a second above 0, as a number or a fraction (30, 25, 30000/1001), found \(reader.describe(rateNode))",
                       at: rateNode, code: .wrongValue)
            }
        }
        if let tempoNode = mapping["tempo"] {
            if case .scalar(let scalar) = tempoNode, let tempo = reader.number(scalar), tempo > 0, tempo <= 1000 {
                clock.tempo = tempo
            } else {
                report("'tempo' is beats a minute, above 0 and at most 1000, found \(reader.describe(tempoNode))", at: tempoNode, code: .wrongValue)
            }
        }
        return clock
    }

    /// A time, 0 or more: seconds as a number or `2.5s`, whole frames at `rate:` as `90f`, beats at `tempo:` as `8b`.
    func readTime(_ node: Yams.Node, what: String) throws(Diagnostic) -> Double {
        guard case .scalar(let scalar) = node else {
            throw reader.error("\(what) is a time (seconds, or 2.5s, 90f, 8b), found \(reader.describe(node))", at: node, code: .malformedKey)
        }
        if let seconds = reader.number(scalar) {
            guard seconds >= 0 else { throw reader.error("\(what) is 0 or more, found \(scalar.string)", at: node, code: .malformedKey) }
            return seconds
        }
        let text = scalar.string
        guard let last = text.last, let unit = KeyClock.Unit(rawValue: last), let count = Double(text.dropLast()),
              count.isFinite, count >= 0 else {
            throw reader.error("\(what) is a time: seconds (2.5 or 2.5s), frames (90f) or beats (8b), 0 or more, found \(reader.describe(node))",
                               at: node, code: .malformedKey)
        }
        if unit == .frames, count != count.rounded() || count > Double(Int32.max) {
            throw reader.error("\(what) in frames is a whole number of frames, found \(text)", at: node, code: .malformedKey)
        }
        if let seconds = keyClock.seconds(count, in: unit) { return seconds }
        switch unit {
        case .frames:
            throw reader.error("\(what) is in frames, which count at the composition's 'rate:' (add rate: 30, say)", at: node, code: .keyTimeUnit)
        default:
            throw reader.error("\(what) is in beats, which count at the composition's 'tempo:' (add tempo: 120, say)", at: node, code: .keyTimeUnit)
        }
    }

    /// A list of keys, or `{ keys: […], loop: true }` / `{ keys: […], ping-pong: true }`.
    func readCurve(_ node: Yams.Node, what: String) -> KeyedCurve? {
        guard case .mapping(let fields) = node else {
            return readKeys(node, what: what).map { KeyedCurve(keys: $0) }
        }
        reader.checkKeys(fields, allowed: ["keys", "loop", "ping-pong"], in: what, into: &diagnostics)
        guard let keysNode = fields["keys"] else {
            report("\(what) needs 'keys': a list of [TIME, VALUE] or [TIME, VALUE, INTERPOLATION]", at: node, code: .malformedKey)
            return nil
        }
        let keys = readKeys(keysNode, what: what), repetition = readRepetition(fields)
        guard let keys, let repetition else { return nil }
        return KeyedCurve(keys: keys, repetition: repetition)
    }

    /// `loop: true` or `ping-pong: true` (not both); neither holds the last key.
    func readRepetition(_ fields: Yams.Node.Mapping) -> KeyedCurve.Repetition? {
        var repetition = KeyedCurve.Repetition.once
        for choice in [KeyedCurve.Repetition.loop, .pingPong] {
            guard let flagNode = fields[choice.rawValue] else { continue }
            guard let flag = attempt({ () throws(Diagnostic) in try reader.flag(flagNode, what: "'\(choice.rawValue)'") }) else { return nil }
            guard flag else { continue }
            if repetition != .once {
                report("a curve either loops or plays ping-pong, not both", at: flagNode, code: .malformedKey)
                return nil
            }
            repetition = choice
        }
        return repetition
    }

    /// `[[TIME, VALUE], [TIME, VALUE, INTERPOLATION], …]`, times rising (`readTime`); nil with every problem
    /// reported at its key.
    func readKeys(_ node: Yams.Node, what: String) -> [Keyframe]? {
        guard case .sequence(let list) = node, !list.isEmpty else {
            report("\(what) must be a list of keys [TIME, VALUE] or [TIME, VALUE, INTERPOLATION], found \(reader.describe(node))",
                   at: node, code: .malformedKey)
            return nil
        }
        var keys: [Keyframe] = []
        var complete = true
        for item in list {
            guard let key = attempt({ () throws(Diagnostic) in try readKey(item) }) else {
                complete = false
                continue
            }
            if let previous = keys.last {
                if key.time == previous.time {
                    report("two keys at \(Self.seconds(key.time)); a curve has one value at each moment", at: item, code: .keysAtOneTime)
                    complete = false
                    continue
                }
                if key.time < previous.time {
                    report("a key at \(Self.seconds(key.time)) comes after one at \(Self.seconds(previous.time)); keys are listed in time order",
                           at: item, code: .keysOutOfOrder)
                    complete = false
                    continue
                }
                if key.value.count != previous.value.count {
                    report("this key's value has \(key.value.count) number\(key.value.count == 1 ? "" : "s"), the key before \(previous.value.count)",
                           at: item, code: .keyValueType)
                    complete = false
                    continue
                }
            }
            keys.append(key)
        }
        return complete ? keys : nil
    }

    private func readKey(_ node: Yams.Node) throws(Diagnostic) -> Keyframe {
        guard case .sequence(let parts) = node, parts.count == 2 || parts.count == 3 else {
            throw reader.error("a key is [TIME, VALUE] or [TIME, VALUE, INTERPOLATION], found \(reader.describe(node))", at: node, code: .malformedKey)
        }
        let time = try readTime(parts[0], what: "a key's time")
        let value = try keyValue(parts[1])
        let interpolation = parts.count == 3 ? try readInterpolation(parts[2]) : .linear
        return Keyframe(time: time, value: value, interpolation: interpolation, location: reader.location(of: node))
    }

    /// A number, true or false, or a list of them.
    private func keyValue(_ node: Yams.Node) throws(Diagnostic) -> [Float] {
        func number(_ item: Yams.Node) -> Float? {
            guard case .scalar(let scalar) = item else { return nil }
            if let number = reader.number(scalar) { return Float(number) }
            return reader.boolean(scalar).map { $0 ? 1 : 0 }
        }
        if let single = number(node) { return [single] }
        if case .sequence(let items) = node, !items.isEmpty {
            var numbers: [Float] = []
            for item in items {
                guard let value = number(item) else { break }
                numbers.append(value)
            }
            if numbers.count == items.count { return numbers }
        }
        throw reader.error("a key's value is a number, true or false, or a list of numbers, found \(reader.describe(node))", at: node, code: .keyValueType)
    }

    /// `hold`, `linear`, `smooth`, or `[bezier, X1, Y1, X2, Y2]`.
    private func readInterpolation(_ node: Yams.Node) throws(Diagnostic) -> KeyInterpolation {
        switch node {
        case .scalar(let scalar):
            switch scalar.string {
            case "hold": return .hold
            case "linear": return .linear
            case "smooth": return .smooth
            case "bezier":
                throw reader.error("a Bézier key gives its handles: [bezier, X1, Y1, X2, Y2]", at: node, code: .bezierHandles)
            default:
                var message = "unknown interpolation '\(scalar.string)'"
                if let suggestion = Spelling.closest(to: scalar.string, among: KeyInterpolation.words) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += "; expected one of: \(KeyInterpolation.words.joined(separator: ", "))"
                }
                throw reader.error(message, at: node, code: .unknownInterpolation)
            }
        case .sequence(let parts) where parts.first?.string == "bezier":
            let handles = parts.dropFirst().compactMap { $0.scalar.flatMap(reader.number) }
            guard parts.count == 5, handles.count == 4 else {
                throw reader.error("a Bézier key gives four numbers after the word: [bezier, X1, Y1, X2, Y2]", at: node, code: .bezierHandles)
            }
            guard (0...1).contains(handles[0]), (0...1).contains(handles[2]) else {
                throw reader.error("a Bézier handle's X is a fraction of the segment's time, 0 to 1, found \(handles[0]) and \(handles[2])",
                                   at: node, code: .bezierHandles)
            }
            return .bezier(x1: handles[0], y1: handles[1], x2: handles[2], y2: handles[3])
        default:
            throw reader.error("an interpolation is hold, linear, smooth or [bezier, X1, Y1, X2, Y2], found \(reader.describe(node))",
                               at: node, code: .unknownInterpolation)
        }
    }

    static func seconds(_ time: Double) -> String {
        "\(time == time.rounded() ? String(Int(time)) : String(time)) s"
    }
}

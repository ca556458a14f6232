import ShaderLanguage

/// How a key is written into a composition: `[TIME, VALUE]`, or `[TIME, VALUE, INTERPOLATION]` when the
/// segment is not linear, the time in seconds, each number in the shortest text that reads back as itself.
public enum KeyText {
    public static func text(of key: Keyframe, type: GLSLType) -> String {
        var parts = [seconds(key.time), ParameterWriteBack.text(of: key.value, type: type)]
        switch key.interpolation {
        case .linear: break
        case .hold, .smooth: parts.append(key.interpolation.word)
        case .bezier(let x1, let y1, let x2, let y2):
            parts.append("[bezier, " + [x1, y1, x2, y2].map(number).joined(separator: ", ") + "]")
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// A key list as a flow list on one line.
    public static func text(of keys: [Keyframe], type: GLSLType) -> String {
        "[" + keys.map { text(of: $0, type: type) }.joined(separator: ", ") + "]"
    }

    /// Seconds as the shortest text that reads back as the same time: `2`, `0.25`, `1.033`.
    public static func seconds(_ time: Double) -> String {
        number(time)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value))" : "\(value)"
    }
}

import Foundation
import Images
import ShaderGraph

/// `shaderbench inspect`'s report as a person reads it and as JSON.
public enum InspectReportText {
    public static func lines(_ report: InspectReport) -> String {
        let coordinate = report.textureCoordinate
        var text = "\(report.node) (\(report.width)×\(report.height) \(report.format.rawValue)), frame \(report.frame), pixel \(report.x),\(report.y)"
            + ", texture coordinate \(decimals(coordinate.u)), \(decimals(coordinate.v))\n"
        text += "  rgba \(report.rgba.map(decimals).joined(separator: " "))   (\(report.rgba.map { String(EightBitLevel.of($0)) }.joined(separator: " ")))\n"
        for watch in report.watches where watch.problem == nil {
            let head = "  line \(watch.watch.line): \(watch.watch.expression)"
            if let value = watch.value, let type = watch.type {
                let pass = watch.pass.map { " in pass \($0)" } ?? ""
                text += "\(head) = \(type) \(value.map(decimals).joined(separator: " "))   (ran \(watch.runs) time\(watch.runs == 1 ? "" : "s")\(pass))\n"
            } else {
                text += "\(head): the line did not run for this pixel\n"
            }
        }
        return text
    }

    /// A number as JSON has it: NaN and the infinities, which a float image can hold and JSON has no word for, as null.
    private static func jsonNumber(_ value: Float) -> Any {
        value.isFinite ? value : NSNull()
    }

    public static func json(_ report: InspectReport) -> String {
        let coordinate = report.textureCoordinate
        var object: [String: Any] = [
            "node": report.node, "width": report.width, "height": report.height, "format": report.format.rawValue,
            "frame": report.frame, "pixel": [report.x, report.y], "textureCoordinate": [coordinate.u, coordinate.v],
            "rgba": report.rgba.map(jsonNumber), "rgba8": report.rgba.map { Int(EightBitLevel.of($0)) },
        ]
        object["watches"] = report.watches.map { watch -> [String: Any] in
            var entry: [String: Any] = ["line": watch.watch.line, "expression": watch.watch.expression, "runs": watch.runs]
            if let type = watch.type { entry["type"] = type }
            if let value = watch.value { entry["value"] = value.map(jsonNumber) }
            if let pass = watch.pass { entry["pass"] = pass }
            if let problem = watch.problem { entry["error"] = problem.message }
            return entry
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func decimals(_ number: Float) -> String {
        String(format: "%.4f", number)
    }
}

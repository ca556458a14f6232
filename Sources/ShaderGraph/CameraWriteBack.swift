import ShaderLanguage
import Yams

/// Writes the cameras the window's orbit camera moved into their draw nodes' `camera:` mappings, changing only
/// the text of their numbers: each of position, target, up, fov, near and far the mapping sets is rewritten in
/// place, one it leaves out gains an entry, and a node with no `camera:` gains one, in the style of the mapping
/// around it (flow or block).
public enum CameraWriteBack {
    /// The composition `source` with each node's camera written in; throws, at the place concerned, for a node
    /// that is not there or a camera key set to something other than its numbers.
    public static func write(_ cameras: [String: SceneCamera], into source: SourceText) throws(Diagnostic) -> String {
        let composed = try ComposedComposition(source, purpose: "to save the camera into")
        let reader = composed.reader
        var edits = TextEdits(source)
        for (node, camera) in cameras.sorted(by: { $0.key < $1.key }) {
            guard case .mapping(let fields)? = composed.nodes[node] else {
                throw source.error("there is no node '\(node)' to save its camera into", line: 1, column: 1, code: .notSaved)
            }
            let entries = entries(of: camera)
            guard let cameraNode = fields["camera"], case .mapping(let keys) = cameraNode else {
                let flow = entries.map { "\(composed.written($0.key)): \(ParameterWriteBack.text(of: $0.numbers, type: .float))" }
                try ParameterWriteBack.add(["\(composed.written("camera")): { \(flow.joined(separator: ", ")) }"], to: fields, in: &edits, reader: reader)
                continue
            }
            var missing: [String] = []
            for entry in entries {
                if let setting = keys[entry.key] {
                    let value = ParameterWriteBack.Value(node: node, uniform: "camera.\(entry.key)", type: .float, numbers: entry.numbers)
                    try ParameterWriteBack.rewrite(setting, as: value, in: &edits, reader: reader)
                } else {
                    missing.append("\(composed.written(entry.key)): \(ParameterWriteBack.text(of: entry.numbers, type: .float))")
                }
            }
            if !missing.isEmpty { try ParameterWriteBack.add(missing, to: keys, in: &edits, reader: reader) }
        }
        return edits.result
    }

    /// The camera's keys as a draw node writes them, with their numbers.
    static func entries(of camera: SceneCamera) -> [(key: String, numbers: [Float])] {
        [("position", [camera.position.x, camera.position.y, camera.position.z]), ("target", [camera.target.x, camera.target.y, camera.target.z]),
         ("up", [camera.up.x, camera.up.y, camera.up.z]), ("fov", [camera.fieldOfView]), ("near", [camera.near]), ("far", [camera.far])]
    }
}

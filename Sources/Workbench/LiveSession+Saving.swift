import Foundation
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Keeping what was tuned: Ctrl-S writes the tuned values, learned controls and edited keys into the composition's own text.
extension LiveSession {
    /// Writes each tuned value that differs from the composition into its file, changing only that value's
    /// text, and does not reload what it wrote. A shader opened on its own gets a composition beside it that
    /// uses the shader with those values, and the window works on that composition from then on. Returns what
    /// to tell the person.
    func saveTunedValues() -> String {
        let values = tuning.unsaved.compactMap { name, numbers in
            parameters.first { $0.reference.description == name }.map { parameter in
                ParameterWriteBack.Value(node: parameter.reference.node, uniform: parameter.reference.uniform,
                                         type: parameter.type, numbers: numbers)
            }
        }
        let controls = unsavedControlMappings
        let curves = unsavedKeyCurves
        // A camera is written into the node the composition names: the mesh of glslViewer's passes is a pass of it.
        let cameras = Dictionary(orbitedCameras.map { (loadedComposition?.node(named: $0.key)?.passOf ?? $0.key, $0.value) },
                                 uniquingKeysWith: { first, _ in first })
        guard !values.isEmpty || !controls.isEmpty || !curves.isEmpty || !cameras.isEmpty else { return "nothing tuned to save" }
        let lone = FilePaths.isOpenedAlone(path)
        let target = lone ? Self.freeCompositionPath(beside: path) : path
        do {
            var text: String
            if lone {
                try ParameterWriteBack.refuseNonFinite(values)
                let uniforms = Dictionary(values.map { ($0.uniform, ParameterWriteBack.text(of: $0.numbers, type: $0.type)) },
                                          uniquingKeysWith: { first, _ in first })
                text = try LoneShaderComposition.text(forShader: path, stages: stages, sources: .patterns, uniforms: uniforms, cameras: orbitedCameras)
            } else {
                let source = try UserFile.readText(path: path)
                text = values.isEmpty ? source.fileText : try ParameterWriteBack.write(values, into: source)
                if !cameras.isEmpty { text = try CameraWriteBack.write(cameras, into: SourceText(path: target, text: text)) }
            }
            if !controls.isEmpty { text = try ControlWriteBack.write(controls, into: SourceText(path: target, text: text)) }
            if !curves.isEmpty { text = try KeyWriteBack.write(curves, into: SourceText(path: target, text: text)) }
            let bytes = Array(text.utf8)
            ownSaves[target] = bytes
            try AtomicFile.write(bytes, to: target)
        } catch let error as DiagnosticsError {
            return report(error.diagnostics)
        } catch let error as Diagnostic {
            return report([error])
        } catch {
            ownSaves[target] = nil
            StandardStreams.error(Diagnostic.error("tuned values not saved to \(target): \(error)", code: .notSaved).rendered() + "\n")
            return "tuned values not saved: \(error)"
        }
        tuning.saved()
        adoptOrbitedCameras()
        unsavedControls.removeAll()
        takeSavedKeys()
        takeSavedValues(values.map { ParameterOverride(name: "\($0.node).\($0.uniform)", values: $0.numbers) })
        if lone { adopt(target) }
        trace?.record("parameters-saved", ["path": .string(target), "parameters": .integer(values.count), "controls": .integer(controls.count),
                                            "keyed": .integer(curves.count)])
        let names = values.map { "\($0.node).\($0.uniform)" } + cameras.keys.sorted().map { "the camera of \($0)" } + controls.map { "the control of \($0.key)" }
            + curves.map { "the keys of \($0.node).\($0.parameter)" }
        StandardStreams.output("saved \(names.joined(separator: ", ")) to \(target)\n")
        let counts = [values.isEmpty ? nil : "\(values.count) value\(values.count == 1 ? "" : "s")",
                      cameras.isEmpty ? nil : "\(cameras.count) camera\(cameras.count == 1 ? "" : "s")",
                      controls.isEmpty ? nil : "\(controls.count) control\(controls.count == 1 ? "" : "s")",
                      curves.isEmpty ? nil : "the keys of \(curves.count) parameter\(curves.count == 1 ? "" : "s")"].compactMap { $0 }
        return "saved \(counts.joined(separator: " and ")) to \(target)"
    }

    private func report(_ problems: [Diagnostic]) -> String {
        for problem in problems { StandardStreams.error(problem.rendered() + "\n") }
        return "tuned values not saved: " + (problems.first?.message ?? "unknown reason")
    }

    /// `NAME.yaml` beside the shader `NAME.fsh`, or `NAME-2.yaml`, `NAME-3.yaml`, … when that is taken.
    static func freeCompositionPath(beside shader: String) -> String {
        let slash = shader.lastIndex(of: "/")
        let folder = slash.map { String(shader[...$0]) } ?? ""
        let name = String(shader[(slash.map { shader.index(after: $0) } ?? shader.startIndex)...])
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        var candidate = folder + stem + ".yaml"
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = folder + stem + "-\(number).yaml"
            number += 1
        }
        return candidate
    }
}

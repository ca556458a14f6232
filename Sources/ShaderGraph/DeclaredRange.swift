import ShaderLanguage

/// The range a shader declares for a parameter (`// range: 0...1`, ISF's MIN and MAX). A value set outside
/// it, in a composition or with `--set`, is clamped into it with a warning at the value, the same clamp the
/// exported code applies to what an app sets, so a render never runs a shader where its author said it
/// does not work.
enum DeclaredRange {
    /// Clamps every number the composition sets to a uniform with a declared range; a warning for each
    /// setting that was outside, quoting `source`'s line when the setting is in it.
    static func clampSettings(in composition: inout Composition, source: SourceText? = nil) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for index in composition.nodes.indices {
            guard let parameters = composition.nodes[index].kind.uniformParameters else { continue }
            for (name, setting) in parameters.settings.sorted(by: { $0.key < $1.key }) {
                guard case .literal(let values, let location) = setting, let declaration = parameters.declaration(named: name) else { continue }
                let clamped = clamp(values, of: declaration, in: parameters.file(declaring: declaration), at: location)
                composition.nodes[index].kind.setUniform(name, to: .literal(clamped.values, location: location))
                guard var warning = clamped.warning else { continue }
                if location.file == source?.path { warning.sourceLine = source?.line(location.line) }
                warnings.append(warning)
            }
        }
        return warnings
    }

    /// `values` clamped into `declaration`'s range, with a warning at `location` when they were outside it.
    static func clamp(_ values: [Float], of declaration: ShaderInterface.Declaration, in file: String,
                      at location: SourceLocation) -> (values: [Float], warning: Diagnostic?) {
        let bounds = DeclaredBounds(declaration)
        let clamped = bounds.clamp(values)
        guard clamped != values else { return (values, nil) }
        let range = "\(numbers(bounds.minimum))...\(numbers(bounds.maximum))"
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return (clamped, Diagnostic(.warning, "'\(declaration.name)' is \(numbers(values)), outside the range \(range) that \(name) declares; \(numbers(clamped)) is used",
                                    at: location, code: .outsideRange))
    }

    /// `1`, `0.25` or `[1, 0.9, 0.7]`, as a shader's annotation writes them; nothing where there is no bound.
    private static func numbers(_ values: [Float]?) -> String {
        guard let values else { return "" }
        let written = values.map { $0 == $0.rounded() && abs($0) < 1e9 ? String(Int($0)) : "\($0)" }
        return written.count == 1 ? written[0] : "[" + written.joined(separator: ", ") + "]"
    }
}

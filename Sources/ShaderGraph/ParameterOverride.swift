import Foundation
import ShaderLanguage

/// `--set NAME=VALUE`: a published parameter given a value from the command line, for sweeps in batch
/// renders. NAME is the uniform (`threshold`) when only one published parameter has that name, else
/// `node.uniform`; VALUE is numbers separated by commas (`0.1,0.8,0.2`) or true/false.
public struct ParameterOverride: Sendable, Hashable {
    public var name: String
    public var values: [Float]
    /// `NAME=VALUE` as the user typed it, which messages about it quote.
    public var text: String

    public init(name: String, values: [Float]) {
        self.name = name
        self.values = values
        self.text = name + "=" + values.map { "\($0)" }.joined(separator: ",")
    }

    /// Nil when the text is not NAME=VALUE with numbers (or true/false) after the sign.
    public init?(parsing text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        var values: [Float] = []
        for part in text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            let word = part.trimmingCharacters(in: .whitespaces)
            if let number = Float(word) {
                values.append(number)
            } else if word == "true" || word == "false" {
                values.append(word == "true" ? 1 : 0)
            } else {
                return nil
            }
        }
        guard !name.isEmpty, !values.isEmpty else { return nil }
        self.init(name: name, values: values)
        self.text = text
    }

    /// Sets each override's uniform in `composition`, checking it is published and takes that many numbers.
    /// A value outside the range the shader declares is clamped into it, with a warning added to the
    /// composition's.
    public static func apply(_ overrides: [ParameterOverride], to composition: inout Composition) throws(DiagnosticsError) {
        var diagnostics: [Diagnostic] = []
        for override in overrides {
            let commandLine = SourceLocation.commandLine(option: "--set", value: override.text)
            let matches = composition.published.filter { $0.description == override.name || $0.uniform == override.name }
            guard matches.count == 1, let parameter = matches.first else {
                let published = composition.published.map(\.description)
                let what = matches.isEmpty ? "is not a published parameter" : "is ambiguous; write node.uniform"
                let list = published.isEmpty ? "the composition publishes none (list them under 'publish:')" : "published: \(published.joined(separator: ", "))"
                diagnostics.append(.error("'\(override.name)' \(what); \(list)", at: commandLine, code: .noSuchUniform))
                continue
            }
            if let problem = FiniteParameterValues.problem(in: override.values) {
                diagnostics.append(.error("\(parameter): \(problem)", at: commandLine, code: .nonFiniteValue))
                continue
            }
            guard let index = composition.nodes.firstIndex(where: { $0.name == parameter.node }),
                  let parameters = composition.nodes[index].kind.uniformParameters,
                  let declaration = parameters.declaration(named: parameter.uniform) else { continue }
            let expected = (declaration.type.componentCount ?? 1) * (declaration.arrayLength ?? 1)
            guard override.values.count == expected else {
                diagnostics.append(.error("\(parameter) is \(declaration.type) and needs \(expected) number\(expected == 1 ? "" : "s"), found \(override.values.count)", at: commandLine, code: .wrongNumbers))
                continue
            }
            // A value set from the command line holds the parameter still, in place of any keys it has.
            composition.animation.removeAll { $0.reference.isSameParameter(as: parameter) }
            let clamped = DeclaredRange.clamp(override.values, of: declaration, in: parameters.file(declaring: declaration), at: commandLine)
            if let warning = clamped.warning { composition.warnings.append(warning) }
            // Every pass drawn from the node's file has the parameter too.
            for name in composition.nodes(sharingParametersOf: parameter.node) {
                guard let shared = composition.nodes.firstIndex(where: { $0.name == name }) else { continue }
                composition.nodes[shared].kind.setUniform(parameter.uniform, to: .literal(clamped.values, location: commandLine))
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
    }
}

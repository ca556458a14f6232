import ShaderLanguage

/// `kind: key`: whether one key (a letter or space) is held, 1 or 0.
struct KeyNode: NodeKindModel {
    /// The key, lower case: `a`…`z` or `space`.
    var key: String

    static let keywords = ["key"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "key"], in: "a key node")
        let (name, fields, key) = (declaration.name, declaration.fields, declaration.key)
        guard let keyNode = fields["key"], let text = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(keyNode, what: "'key'") }) else {
            loading.report("key node '\(name)' needs a 'key': a letter a–z or space", at: key, code: .missingKey)
            return nil
        }
        let lowered = text.lowercased()
        guard lowered == "space" || (lowered.count == 1 && lowered.first!.isLetter && lowered.first!.isASCII) else {
            loading.report("'key' is a letter a–z or space, found '\(text)'", at: keyNode, code: .wrongValue)
            return nil
        }
        return .key(lowered)
    }

    var output: NodeOutput { .value(components: 1) }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .key(key)
    }
}

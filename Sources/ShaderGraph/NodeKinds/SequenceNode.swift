import ShaderLanguage

/// `kind: sequence`: numbered image files, one per frame, found when the composition loads.
struct SequenceNode: NodeKindModel {
    var sequence: ImageSequence

    static let keywords = ["sequence"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "files"], in: "a sequence node")
        let (name, fields, key) = (declaration.name, declaration.fields, declaration.key)
        guard let filesNode = fields["files"] else {
            loading.report("sequence node '\(name)' needs 'files': a numbered path such as frames/%04d.png", at: key, code: .missingKey)
            return nil
        }
        guard let pattern = loading.attempt({ () throws(Diagnostic) in try loading.reader.string(filesNode, what: "'files'") }) else { return nil }
        let location = loading.reader.location(of: filesNode)
        guard let sequence = loading.attempt({ () throws(Diagnostic) in try ImageSequence.find(FilePaths.join(loading.directory, pattern), at: location) }) else {
            return nil
        }
        return .sequence(sequence)
    }

    var output: NodeOutput { .image }
    var isImageSource: Bool { true }
    var canSetRenderSize: Bool { true }
    var files: [String] { sequence.files }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .sequence(sequence)
    }
}

import ShaderLanguage

/// `kind: audio`: a file's sound, or the live sound without one, for the inputs that take sound.
struct AudioNode: NodeKindModel {
    var audio: AudioSource

    static let keywords = ["audio"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "file"], in: "an audio node")
        let (fields, key) = (declaration.fields, declaration.key)
        guard fields["file"] != nil else { return .audio(AudioSource(location: loading.reader.location(of: key))) }
        guard let file = loading.existingFile(declaration) else { return nil }
        return .audio(AudioSource(file: file.path, location: file.location))
    }

    var output: NodeOutput { .sound }
    var files: [String] { audio.file.map { [$0] } ?? [] }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .audio(audio)
    }
}

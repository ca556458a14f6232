import ShaderLanguage

/// An image node's file.
public struct ImageSource: Sendable {
    /// Absolute path of the file.
    public var file: String
    public var location: SourceLocation

    public init(file: String, location: SourceLocation) {
        self.file = file
        self.location = location
    }
}

/// `kind: image`: a still image file, uploaded once, which may give the frame its size.
struct ImageNode: NodeKindModel {
    var source: ImageSource

    static let keywords = ["image"]

    static func read(_ declaration: NodeDeclaration, in loading: CompositionLoading) -> NodeKind? {
        loading.checkKeys(of: declaration, allowed: ["kind", "file"], in: "an image node")
        guard let file = loading.existingFile(declaration) else { return nil }
        return .image(ImageSource(file: file.path, location: file.location))
    }

    var output: NodeOutput { .image }
    var isImageSource: Bool { true }
    var canSetRenderSize: Bool { true }
    var files: [String] { [source.file] }

    func work(in planning: StepPlanning) -> FramePlan.Work {
        .image(source)
    }
}

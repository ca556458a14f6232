/// One entry of an ISF header's `IMPORTED`: an image file that belongs to the shader, loaded once and
/// sampled through a `sampler2D` of its name, which the prelude declares.
public struct ISFImportedImage: Hashable, Sendable {
    public var name: String
    /// PATH, resolved against the shader file's folder.
    public var path: String
    /// Where its name is written in the header.
    public var location: SourceLocation
}

import ShaderGraph
import ShaderLanguage

/// What `shaderbench catalogue` was asked to do. Paths are as given; the page links to the shaders and
/// thumbnails relative to its own folder.
public struct CatalogueRequest: Sendable {
    /// The folder whose `*.fsh` files are the library.
    public var shaders: String
    /// The Markdown page written.
    public var page: String
    /// The folder the thumbnails go to, one `NAME.png` per filter.
    public var thumbnails: String
    /// The image each filter is shown on.
    public var photo: String
    public var size: PixelSize

    public init(shaders: String, page: String, thumbnails: String, photo: String, size: PixelSize) {
        self.shaders = shaders
        self.page = page
        self.thumbnails = thumbnails
        self.photo = photo
        self.size = size
    }

    /// Where the thumbnail of the filter `name` is written.
    public func thumbnail(of name: String) -> String {
        RelativePath.withoutTrailingSlash(thumbnails) + "/" + name + ".png"
    }
}

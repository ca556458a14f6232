import Foundation
import ShaderGraph
import ShaderLanguage

/// What `shaderbench gallery` was asked to do. Paths are as given; the page links to the compositions and images
/// relative to its own folder.
public struct GalleryRequest: Sendable {
    /// The folder whose `*.yaml` compositions are shown.
    public var compositions: String
    /// The Markdown page written.
    public var page: String
    /// The folder the pictures go to, one `NAME.png` per composition, and its graph's `NAME-graph.svg`.
    public var images: String
    public var size: PixelSize
    /// The frame shown, at 30 a second: late enough for feedback and motion to show.
    public var frame: Int

    public init(compositions: String, page: String, images: String, size: PixelSize, frame: Int) {
        self.compositions = compositions
        self.page = page
        self.images = images
        self.size = size
        self.frame = frame
    }

    /// Where the picture of the composition `name` (its path in the folder, without `.yaml`) is written.
    public func image(of name: String) -> String {
        RelativePath.withoutTrailingSlash(images) + "/" + name.replacingOccurrences(of: "/", with: "-") + ".png"
    }

    /// Where the drawing of the composition `name`'s graph is written, beside its picture.
    public func graph(of name: String) -> String {
        RelativePath.withoutTrailingSlash(images) + "/" + name.replacingOccurrences(of: "/", with: "-") + "-graph.svg"
    }
}

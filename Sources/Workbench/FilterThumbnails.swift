import GPU
import Images
import ShaderGraph

/// The catalogue's thumbnails of the library's filters (each filter on the catalogue's photo, as
/// `shaderbench catalogue` writes them beside the shaders), as textures for the library panel: each read the
/// first time it is shown and kept while the window lives. A filter without one, as an installation without
/// the docs has, shows none.
final class FilterThumbnails {
    private var loaded: [String: RenderTarget?] = [:]

    func thumbnail(of filter: String) -> RenderTarget? {
        if let known = loaded[filter] { return known }
        let image = try? ImageFile.read(path: FilterLibrary.thumbnailPath(of: filter), maximumDimension: 1024)
        let texture = image.flatMap { try? RenderTarget(image: $0) }
        loaded[filter] = texture
        return texture
    }
}

import Headless
import ShaderGraph
import ShaderLanguage
import TestSupport

/// The filters under `shaders/`, found by listing the folder so a new filter is covered without editing a
/// test, and the fixed input they are tested on.
enum LibraryFilters {
    static let folder = Repository.path("shaders")

    static let names = FilterLibrary.names(in: folder)

    static func entry(_ name: String) throws -> CatalogueEntry {
        try CatalogueEntry.read(path: FilterLibrary.path(of: name, in: folder))
    }

    /// The shipped photo at this size on the first input, the pattern on a blend's second; defaults, time 0.
    static func renderer() throws -> FilterRenderer {
        try FilterRenderer(photo: Repository.path("images/landscape.jpg"), size: PixelSize(width: 96, height: 60))
    }
}

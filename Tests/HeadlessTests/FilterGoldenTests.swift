import Foundation
import Headless
import Images
import TestSupport
import Testing

/// Every filter under `shaders/` draws what it drew when its golden was made: the shipped photo scaled to
/// 96×60, parameters at their defaults, time 0, blends with the test pattern as their second image. Goldens
/// are `Goldens/filters/NAME.png`, refreshed with `SHADERBENCH_UPDATE_GOLDENS=1 swift test --filter
/// FilterGoldenTests`, after looking at the new ones.
@Suite("Filter library goldens", .serialized)
struct FilterGoldenTests {
    /// Any channel of any pixel may differ by at most 2 levels of 255: llvmpipe is deterministic for one
    /// build, and two levels absorb rounding differences between Mesa builds and GPUs.
    static let tolerance = 2

    @Test("the filters are found: every one under shaders/, and a golden for each")
    func filtersFound() throws {
        #expect(LibraryFilters.names.count >= 50 && LibraryFilters.names.contains("sepia"), "\(LibraryFilters.names)")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Tests/HeadlessTests/Goldens/filters"))
            .filter { $0.hasSuffix(".png") }.map { ($0 as NSString).deletingPathExtension }
        #expect(Set(goldens) == Set(LibraryFilters.names))
    }

    @Test("each filter renders like its golden image", arguments: LibraryFilters.names)
    func matchesGolden(filter: String) throws {
        let image = try LibraryFilters.renderer().render(LibraryFilters.entry(filter))
        let golden = Repository.path("Tests/HeadlessTests/Goldens/filters/\(filter).png")
        try GoldenImage.check(image, against: golden, name: filter, tolerance: Self.tolerance, refresh: "FilterGoldenTests")
    }
}

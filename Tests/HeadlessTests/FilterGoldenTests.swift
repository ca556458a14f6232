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

    @Test("each filter renders like its golden image", arguments: LibraryFilters.names)
    func matchesGolden(filter: String) throws {
        let image = try LibraryFilters.renderer().render(LibraryFilters.entry(filter))
        let golden = Repository.path("Tests/HeadlessTests/Goldens/filters/\(filter).png")
        if ProcessInfo.processInfo.environment["SHADERBENCH_UPDATE_GOLDENS"] == "1" {
            try Directories.createParent(of: golden)
            try ImageFile.writePNG(image, to: golden)
            return
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            Issue.record("no golden image for \(filter) at \(golden); create it with `SHADERBENCH_UPDATE_GOLDENS=1 swift test --filter FilterGoldenTests` and look at it before committing")
            return
        }
        let expected = try ImageFile.read(path: golden)
        #expect(image.width == expected.width && image.height == expected.height)
        let difference = image.largestDifference(from: expected)
        #expect(difference <= Self.tolerance, "\(filter) differs from its golden by \(difference) levels")
    }
}

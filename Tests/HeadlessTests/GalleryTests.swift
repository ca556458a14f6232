import Foundation
import Headless
import Images
import TestSupport
import Testing

/// The committed `docs/gallery.md` and `docs/gallery/*.png` are what `shaderbench gallery` writes for the
/// compositions as they are now: every example renders, and no picture is stale.
@Suite("The gallery")
struct GalleryTests {
    static let regenerate = "run `shaderbench gallery` from the checkout to regenerate it"
    /// Pictures may differ by two levels of 255 in any channel: rounding differs between Mesa builds.
    static let tolerance = 2

    @Test("docs/gallery.md and its pictures are up to date, one picture for each composition")
    func committedGalleryIsCurrent() throws {
        // A copy of the checkout's layout, so the page's relative links come out as they do in the checkout.
        let folder = try TemporaryFolder()
        for linked in ["compositions", "shaders", "images", "media"] {
            try FileManager.default.createSymbolicLink(atPath: folder.file(linked), withDestinationPath: Repository.path(linked))
        }
        let result = try runShaderbench(["gallery"], in: folder.path)
        try #require(result.status == 0, "shaderbench gallery failed: \(result.error)")

        let fresh = try String(contentsOfFile: folder.file("docs/gallery.md"), encoding: .utf8)
        let committed = try? String(contentsOfFile: Repository.path("docs/gallery.md"), encoding: .utf8)
        #expect(fresh == committed, "docs/gallery.md is out of date: \(Self.regenerate)")

        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.file("docs/gallery")).sorted()
        #expect(pictures.count >= 12, "\(pictures)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: Repository.path("docs/gallery")).sorted() == pictures,
                "docs/gallery/ holds other pictures than the compositions': \(Self.regenerate)")
        for picture in pictures {
            let path = Repository.path("docs/gallery/\(picture)")
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let difference = try ImageFile.read(path: path).largestDifference(from: ImageFile.read(path: folder.file("docs/gallery/\(picture)")))
            #expect(difference <= Self.tolerance, "docs/gallery/\(picture) differs by \(difference) levels: \(Self.regenerate)")
        }
    }
}

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
            if picture.hasSuffix("-graph.svg") {
                // Drawings of graphs are text that no GPU rounds: the same composition gives the same bytes.
                #expect(try String(contentsOfFile: path, encoding: .utf8) == String(contentsOfFile: folder.file("docs/gallery/\(picture)"), encoding: .utf8),
                        "docs/gallery/\(picture) is out of date: \(Self.regenerate)")
                continue
            }
            let difference = try ImageFile.read(path: path).largestDifference(from: ImageFile.read(path: folder.file("docs/gallery/\(picture)")))
            #expect(difference <= Self.tolerance, "docs/gallery/\(picture) differs by \(difference) levels: \(Self.regenerate)")
        }
    }

    @Test("regenerating keeps a picture within two levels of the fresh one, so another machine's rounding changes no file, and rewrites one further off")
    func regeneratingKeepsNearPictures() throws {
        let folder = try TemporaryFolder()
        try folder.write("compositions/flat.yaml", """
            size: [8, 8]
            nodes:
              flat: { kind: shader, file: flat.frag }
            """)
        try folder.write("compositions/flat.frag", "void mainImage(out vec4 c, in vec2 p) { c = vec4(0.5, 0.25, 0.75, 1.0); }\n")
        try #require(try runShaderbench(["gallery", "--size", "8x8"], in: folder.path).status == 0)
        let path = folder.file("docs/gallery/flat.png")
        let fresh = try ImageFile.read(path: path)
        for (step, kept) in [(2, true), (3, false)] {
            var nudged = fresh
            nudged.pixels[0] = UInt8(Int(nudged.pixels[0]) + step)
            try ImageFile.writePNG(nudged, to: path)
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            try #require(try runShaderbench(["gallery", "--size", "8x8"], in: folder.path).status == 0)
            #expect((try Data(contentsOf: URL(fileURLWithPath: path)) == written) == kept, "a picture \(step) levels off")
            #expect(try ImageFile.read(path: path).largestDifference(from: fresh) == (kept ? step : 0))
        }
    }
}

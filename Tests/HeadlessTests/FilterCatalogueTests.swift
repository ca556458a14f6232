import Foundation
import Headless
import Images
import TestSupport
import Testing

/// The committed `docs/filters.md` and `docs/filters/*.png` are what `shaderbench catalogue` writes for the
/// shaders as they are now.
@Suite("The filter catalogue")
struct FilterCatalogueTests {
    static let regenerate = "run `shaderbench catalogue` from the checkout to regenerate it"
    /// Thumbnails may differ by two levels of 255 in any channel: rounding differs between Mesa builds and GPUs.
    static let thumbnailTolerance = 2

    @Test("docs/filters.md and its thumbnails are up to date")
    func committedPageIsCurrent() throws {
        // A copy of the checkout's layout, so the page's relative links come out as they do in the checkout.
        let folder = try TemporaryFolder()
        for linked in ["shaders", "images"] {
            try FileManager.default.createSymbolicLink(atPath: folder.file(linked), withDestinationPath: Repository.path(linked))
        }
        let result = try runShaderbench(["catalogue"], in: folder.path)
        try #require(result.status == 0, "shaderbench catalogue failed: \(result.error)")

        let fresh = try String(contentsOfFile: folder.file("docs/filters.md"), encoding: .utf8)
        let committedPath = Repository.path("docs/filters.md")
        guard let committed = try? String(contentsOfFile: committedPath, encoding: .utf8) else {
            Issue.record("\(committedPath) is missing: \(Self.regenerate)")
            return
        }
        if fresh != committed {
            let freshLines = fresh.split(separator: "\n", omittingEmptySubsequences: false)
            let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(freshLines, committedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(freshLines.count, committedLines.count)
            Issue.record("docs/filters.md is out of date from line \(line + 1): \(Self.regenerate)")
        }

        for name in LibraryFilters.names {
            let thumbnail = Repository.path("docs/filters/\(name).png")
            guard FileManager.default.fileExists(atPath: thumbnail) else {
                Issue.record("docs/filters/\(name).png is missing: \(Self.regenerate)")
                continue
            }
            let difference = try ImageFile.read(path: thumbnail).largestDifference(from: ImageFile.read(path: folder.file("docs/filters/\(name).png")))
            #expect(difference <= Self.thumbnailTolerance, "docs/filters/\(name).png differs by \(difference) levels: \(Self.regenerate)")
        }
        let committedThumbnails = try FileManager.default.contentsOfDirectory(atPath: Repository.path("docs/filters"))
        for stale in committedThumbnails.filter({ !LibraryFilters.names.contains(String($0.dropLast(".png".count))) }).sorted() {
            Issue.record("docs/filters/\(stale) belongs to no filter: delete it")
        }
    }
}

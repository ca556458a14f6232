import Foundation
import Headless
import Images
import TestSupport
import Testing

/// Every example composition renders, and matches its golden image. Goldens are refreshed with
/// `SHADERBENCH_UPDATE_GOLDENS=1 swift test --filter ExampleGoldenTests`, after looking at the new ones.
@Suite("Example compositions", .serialized)
struct ExampleGoldenTests {
    /// llvmpipe is deterministic for one build; two levels absorb rounding differences between Mesa builds.
    static let tolerance = 2
    /// Frame 15 at 30 fps: half a second in, so moving content has moved.
    static let frame = 15

    @Test("the examples are found: every composition under compositions/, and a golden for each")
    func examplesFound() throws {
        let compositions = Repository.compositions
        #expect(compositions.count >= 6 && compositions.contains("tour.yaml"), "\(compositions)")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Tests/HeadlessTests/Goldens"))
            .filter { $0.hasSuffix(".png") }.map { ($0 as NSString).deletingPathExtension }
        #expect(Set(goldens) == Set(compositions.map { ($0 as NSString).deletingPathExtension }))
    }

    @Test("each example renders like its golden image", arguments: Repository.compositions)
    func matchesGolden(composition: String) throws {
        let folder = try TemporaryFolder()
        let rendered = folder.file("frame.png")
        try RenderJob.run(RenderRequest(composition: Repository.path("compositions/\(composition)"),
                                        output: .images(try OutputPattern(rendered)), start: Self.frame),
                          progress: ProgressReporter(style: .silent))
        let image = try ImageFile.read(path: rendered)
        let golden = Repository.path("Tests/HeadlessTests/Goldens/\((composition as NSString).deletingPathExtension).png")
        try GoldenImage.check(image, against: golden, name: composition, tolerance: Self.tolerance, refresh: "ExampleGoldenTests")
    }

    @Test("the sepia example really is sepia over the shipped image")
    func sepiaExampleIsSepia() throws {
        let folder = try TemporaryFolder()
        try RenderJob.run(RenderRequest(composition: Repository.path("compositions/sepia.yaml"), output: .images(try OutputPattern(folder.file("s.png")))),
                          progress: ProgressReporter(style: .silent))
        let rendered = try ImageFile.read(path: folder.file("s.png"))
        let original = try ImageFile.read(path: Repository.path("images/landscape.jpg"))
        #expect(rendered.width == original.width && rendered.height == original.height)
        // Full sepia is the fixed matrix applied to each pixel; check a spread of pixels against it.
        for (x, y) in [(10, 10), (470, 130), (320, 380), (600, 200)] {
            let source = original[x, y]
            let (r, g, b) = (Double(source.r) / 255, Double(source.g) / 255, Double(source.b) / 255)
            let expected = [min(0.3588 * r + 0.7044 * g + 0.1368 * b, 1), min(0.2990 * r + 0.5870 * g + 0.1140 * b, 1),
                            min(0.2392 * r + 0.4696 * g + 0.0912 * b, 1)].map { Int(($0 * 255).rounded()) }
            let pixel = rendered[x, y]
            #expect(abs(Int(pixel.r) - expected[0]) <= 2 && abs(Int(pixel.g) - expected[1]) <= 2 && abs(Int(pixel.b) - expected[2]) <= 2,
                    "pixel \(x),\(y): \(pixel) vs \(expected)")
        }
    }
}

@Suite("The guide's example composition")
struct GuideExampleTests {
    @Test("docs/compositions.md's composition example is compositions/tour.yaml, word for word")
    func exampleIsTheTour() throws {
        let readme = try String(contentsOfFile: Repository.path("docs/compositions.md"), encoding: .utf8)
        guard let start = readme.range(of: "```yaml\n"), let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex) else {
            Issue.record("docs/compositions.md has no yaml example")
            return
        }
        let example = String(readme[start.upperBound..<end.lowerBound])
        let tour = try String(contentsOfFile: Repository.path("compositions/tour.yaml"), encoding: .utf8)
        #expect(tour.hasSuffix(example))
    }
}

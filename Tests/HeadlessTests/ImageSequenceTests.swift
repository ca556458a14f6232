import Foundation
import Images
import Testing
import TestSupport

/// Numbered image files as the live source, one per frame: the tracker follows a disc through them.
@Suite("Image sequences")
struct ImageSequenceTests {
    struct Record: Decodable {
        var frame: Int
        var node: String
        var value: [Double]
    }

    /// A red disc on a blue-green ground, centred at `x`, `y` (fractions of 64×40).
    func frame(x: Double, y: Double) -> RGBAImage {
        var image = RGBAImage(width: 64, height: 40, fill: (30, 120, 110, 255))
        for row in 0..<40 {
            for column in 0..<64 {
                let dx = Double(column) + 0.5 - x * 64, dy = Double(row) + 0.5 - y * 40
                if dx * dx + dy * dy <= 16 {
                    image.pixels[(row * 64 + column) * 4] = 230
                    image.pixels[(row * 64 + column) * 4 + 1] = 25
                    image.pixels[(row * 64 + column) * 4 + 2] = 25
                }
            }
        }
        return image
    }

    @Test("--input frames/%03d.png shows one file per frame, in number order, and starts again after the last")
    func trackThroughSequence() throws {
        let folder = try TemporaryFolder()
        let positions = [(0.25, 0.3), (0.5, 0.5), (0.75, 0.7)]
        try FileManager.default.createDirectory(atPath: folder.file("frames"), withIntermediateDirectories: true)
        for (index, position) in positions.enumerated() {
            try ImageFile.writePNG(frame(x: position.0, y: position.1), to: folder.file(String(format: "frames/%03d.png", index + 1)))
        }
        let result = try runShaderbench(["render", Repository.path("compositions/color-tracking.yaml"), "--input", folder.file("frames/%03d.png"),
                                         "--size", "64x40", "--frames", "4", "--out", folder.file("out/%d.png"), "--values", folder.file("v.jsonl")])
        #expect(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: folder.file("v.jsonl"), encoding: .utf8)
        let centroids = try text.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }.filter { $0.node == "where" }
        #expect(centroids.count == 4)
        for record in centroids {
            let expected = positions[record.frame % 3]
            #expect(abs(record.value[0] - expected.0) < 0.01 && abs(record.value[1] - expected.1) < 0.01, "frame \(record.frame): \(record.value)")
        }
    }

    @Test("a pattern that matches no file is an error that says where it looked")
    func noFiles() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("empty"), withIntermediateDirectories: true)
        let result = try runShaderbench(["check", Repository.path("compositions/color-tracking.yaml"), "--input", folder.file("empty/%04d.png")])
        #expect(result.status == 1)
        #expect(result.error.contains("no files match"), "\(result.error)")
    }
}

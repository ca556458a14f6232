import Foundation
import Headless
import Images
import OperatingSystem
import Testing

/// Compares a rendered image with its golden in the checkout, or rewrites the golden when
/// `SHADERBENCH_UPDATE_GOLDENS=1`; `refresh` is the test filter that does that, for the message.
enum GoldenImage {
    static func check(_ image: RGBAImage, against golden: String, name: String, tolerance: Int, refresh: String) throws {
        if ProcessInfo.processInfo.environment["SHADERBENCH_UPDATE_GOLDENS"] == "1" {
            try Directories.createParent(of: golden)
            try ImageFile.writePNG(image, to: golden)
            return
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            Issue.record("no golden image for \(name) at \(golden); create it with `SHADERBENCH_UPDATE_GOLDENS=1 swift test --filter \(refresh)` and look at it before committing")
            return
        }
        let expected = try ImageFile.read(path: golden)
        #expect(image.width == expected.width && image.height == expected.height)
        let difference = image.largestDifference(from: expected)
        #expect(difference <= tolerance, "\(name) differs from its golden by \(difference) levels")
    }
}

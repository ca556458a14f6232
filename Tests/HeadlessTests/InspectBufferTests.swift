import Foundation
import TestSupport
import Testing

/// `shaderbench inspect --buffer`: a compute node's storage buffer as a frame left it, each element checked against
/// what the kernel's arithmetic gives, worked out here.
@Suite("Inspecting a storage buffer")
struct InspectBufferTests {
    func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("points.comp", PointsKernel.source)
        try folder.write("c.yaml", PointsKernel.composition)
        return folder
    }

    @Test("elements START to START+COUNT of frame N, as JSON: what the kernel wrote, the persistent count at N+1")
    func elementsAsJSON() throws {
        let folder = try folder()
        let result = try runShaderbench(["inspect", "c.yaml", "--buffer", "Points[3:4]", "--frame", "2", "--json"], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(report["node"] as? String == "cloud" && report["buffer"] as? String == "Points" && report["type"] as? String == "vec4")
        #expect(report["length"] as? Int == 32 && report["start"] as? Int == 3 && report["frame"] as? Int == 2)
        let elements = (report["elements"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) }
        // Frames 0, 1 and 2 each added one to z.
        #expect(elements == (3..<7).map { [Double($0), 2 * Double($0), 3, 1] }, "\(result.output)")
    }

    @Test("as text, one line per element with its index; NAME alone is the first 16")
    func elementsAsText() throws {
        let folder = try folder()
        let result = try runShaderbench(["inspect", "c.yaml", "--buffer", "Points"], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "cloud.Points (32 × vec4), frame 0, elements 0 to 15", "\(result.output)")
        #expect(lines.count == 17)
        #expect(lines.dropFirst().first?.hasPrefix("  [ 0] 0") == true && lines.last?.hasPrefix("  [15] 15") == true, "\(result.output)")
    }

    @Test("a buffer the node lacks, a range past its end, a malformed range and --at with --buffer are usage errors, exit 64")
    func mistakes() throws {
        let folder = try folder()
        let missing = try runShaderbench(["inspect", "c.yaml", "--buffer", "Pionts"], in: folder.path)
        #expect(missing.status == 64 && missing.error.contains("its buffers: Points"), "\(missing.error)")
        let past = try runShaderbench(["inspect", "c.yaml", "--buffer", "Points[30:4]"], in: folder.path)
        #expect(past.status == 64 && past.error.contains("has 32 elements"), "\(past.error)")
        let malformed = try runShaderbench(["inspect", "c.yaml", "--buffer", "Points[1:]"], in: folder.path)
        #expect(malformed.status == 64 && malformed.error.contains("NAME[START:COUNT]"), "\(malformed.error)")
        let both = try runShaderbench(["inspect", "c.yaml", "--buffer", "Points", "--at", "0,0"], in: folder.path)
        #expect(both.status == 64, "\(both.error)")
        let neither = try runShaderbench(["inspect", "c.yaml"], in: folder.path)
        #expect(neither.status == 64 && neither.error.contains("--buffer"), "\(neither.error)")
    }
}

import Foundation
import Testing
import TestSupport

/// The colour-tracking example end to end through `render`: a red disc moving along a known path is
/// followed by the GPU centroid, read back with `--values`; `--set` changes what is tracked.
@Suite("Colour tracking", .serialized)
struct ColorTrackingTests {
    /// A ShaderToy generator: a red disc (the tracker's default target colour) circling over a blue-green
    /// gradient. ShaderToy's y points up, so the path below is written that way.
    static let movingDisc = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            vec2 centre = vec2(0.5 + 0.3 * cos(iTime * 3.14159265), 0.5 + 0.25 * sin(iTime * 3.14159265));
            vec2 offset = (uv - centre) * vec2(iResolution.x / iResolution.y, 1.0);
            vec3 background = mix(vec3(0.1, 0.45, 0.5), vec3(0.2, 0.6, 0.35), uv.x) * (0.6 + 0.4 * uv.y);
            fragColor = vec4(length(offset) < 0.06 ? vec3(0.9, 0.1, 0.1) : background, 1.0);
        }
        """

    struct Record: Decodable {
        var frame: Int
        var time: Double
        var node: String
        var value: [Double]
    }

    func track(_ extra: [String] = [], frames: Int = 12) throws -> (ProcessResult, [Record]) {
        let folder = try TemporaryFolder()
        let generator = try folder.write("disc.glsl", Self.movingDisc)
        let result = try runShaderbench(["render", Repository.path("compositions/color-tracking.yaml"), "--input", generator,
                                         "--size", "640x360", "--frames", "\(frames)", "--fps", "6",
                                         "--out", folder.file("frames/%02d.png"), "--values", folder.file("values.jsonl")] + extra)
        let text = (try? String(contentsOfFile: folder.file("values.jsonl"), encoding: .utf8)) ?? ""
        let records = try text.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
        return (result, records)
    }

    @Test("the centroid follows the disc along its path to within 1% of the frame width")
    func followsTheDisc() throws {
        let (result, records) = try track()
        #expect(result.status == 0, "\(result.error)")
        let centroids = records.filter { $0.node == "where" }
        #expect(centroids.count == 12)
        for record in centroids {
            let angle = record.time * Double.pi
            let expected = (0.5 + 0.3 * cos(angle), 1 - (0.5 + 0.25 * sin(angle)))
            // Errors in width units: y is measured in heights, and the frame is 16:9.
            let error = max(abs(record.value[0] - expected.0), abs(record.value[1] - expected.1) * 360 / 640)
            #expect(error < 0.01, "frame \(record.frame): \(record.value) against \(expected)")
            #expect(record.value[2] > 0.005, "the disc covers about 1% of the frame")
        }
    }

    @Test("every value node is logged per frame, picked colour and threshold included")
    func valuesFile() throws {
        let (_, records) = try track(frames: 2)
        #expect(Set(records.map(\.node)) == ["picked", "tolerance", "where"])
        #expect(records.first { $0.node == "tolerance" }?.value == [0.3])
        #expect(records.first { $0.node == "picked" }.map { $0.value.map { ($0 * 100).rounded() / 100 } } == [0.9, 0.1, 0.1, 1])
    }

    @Test("--set retargets the tracker: a green target finds nothing red")
    func setParameter() throws {
        let (result, records) = try track(["--set", "targetColor=0.1,0.8,0.2", "--set", "mask.threshold=0.05"], frames: 1)
        #expect(result.status == 0, "\(result.error)")
        #expect(records.first { $0.node == "where" }?.value == [-1, -1, 0])
    }

    @Test("--set with a name that is not published is a clear error")
    func unknownParameter() throws {
        let (result, _) = try track(["--set", "treshold=0.2"], frames: 1)
        #expect(result.status == 1)
        #expect(result.error.contains("--set treshold=0.2: error: 'treshold' is not a published parameter; published: mask.targetColor, mask.threshold"), "\(result.error)")
    }
}

import Foundation
import Images
import TestSupport
import Testing

/// The gallery's particles: where `inspect --buffer` finds them after ten frames, against the same seeding and
/// flow stepped here frame by frame (frame k at k / 30 s, each step 1/30 s, as `render` draws them), and a
/// `--start` range drawn byte for byte as the long render drew those frames.
@Suite("The compute particles example")
struct ComputeParticlesExampleTests {
    static let composition = "compositions/examples/compute-particles.yaml"

    /// The R2 sequence's place of particle `index`, and the swirling flow, at the kernel's speed 0.3.
    static func positions(count: Int, afterFrame last: Int) -> [SIMD2<Float>] {
        func fract(_ value: Float) -> Float { value - value.rounded(.down) }
        let twoPi: Float = 6.2831853, speed: Float = 0.3, delta = Float(1.0 / 30.0)
        return (0..<count).map { index in
            var p = SIMD2(fract(Float(index) * 0.7548776662), fract(Float(index) * 0.5698402910))
            for frame in stride(from: 1, through: last, by: 1) {
                let time = Float(Double(frame) / 30)
                let flow = SIMD2(sin(twoPi * p.y + time), cos(twoPi * p.x + 0.7 * time))
                p = SIMD2(fract(p.x + flow.x * speed * delta), fract(p.y + flow.y * speed * delta))
            }
            return p
        }
    }

    @Test("after ten frames every particle is where the seeding and the flow, stepped here, put it")
    func positionsMatchTheArithmetic() throws {
        let result = try runShaderbench(["inspect", Self.composition, "--buffer", "Particles[0:64]", "--frame", "10", "--json"])
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let gpu = try #require((report["elements"] as? [[NSNumber]])?.map { SIMD2($0[0].floatValue, $0[1].floatValue) })
        let expected = Self.positions(count: 64, afterFrame: 10)
        #expect(gpu.count == 64)
        for (index, (shown, worked)) in zip(gpu, expected).enumerated() {
            // Wrapping at an edge can put one side at 0.9999 and the other at 0.0001.
            let distance = [abs(shown.x - worked.x), abs(shown.y - worked.y)].map { min($0, 1 - $0) }
            #expect(distance.max()! < 1e-3, "particle \(index): \(shown) against \(worked)")
        }
        #expect(Self.positions(count: 64, afterFrame: 0) != expected, "the particles moved")
    }

    @Test("a --start range writes the frames a long render wrote, byte for byte: the buffer and the trails carried")
    func rangeMatchesTheLongRender() throws {
        let folder = try TemporaryFolder()
        let long = try runShaderbench(["render", Self.composition, "--frames", "14", "--size", "160x90", "--out", folder.file("long-%02d.png")])
        #expect(long.status == 0, "\(long.error)")
        let range = try runShaderbench(["render", Self.composition, "--start", "12", "--frames", "2", "--size", "160x90", "--out", folder.file("range-%02d.png")])
        #expect(range.status == 0, "\(range.error)")
        for frame in [12, 13] {
            let whole = try Data(contentsOf: URL(fileURLWithPath: folder.file(String(format: "long-%02d.png", frame))))
            let ranged = try Data(contentsOf: URL(fileURLWithPath: folder.file(String(format: "range-%02d.png", frame))))
            #expect(whole == ranged, "frame \(frame)")
        }
        let lit = try ImageFile.read(path: folder.file("long-13.png")).pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element > 100 }.count
        #expect(lit > 200, "the trails show: \(lit) bright pixels")
    }
}

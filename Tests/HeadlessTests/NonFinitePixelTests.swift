import Foundation
import Images
import Testing
import TestSupport

/// A float target can hold NaN and infinities (0 / 0, sqrt(-1)); writing it to a file, or reading it at a pixel,
/// must say what is there and go on, never stop the process.
@Suite("Pixels that are not numbers")
struct NonFinitePixelTests {
    static let shader = """
        precision highp float;
        uniform float zero;
        void main() { gl_FragColor = vec4(zero / zero, 1.0 / zero, 0.5, 1.0); }
        """

    @Test("render writes NaN as 0 and an infinity as full; inspect prints them, and JSON has null for them")
    func renderAndInspect() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("nan.fsh", Self.shader)
        let composition = try folder.write("c.yaml", "size: [4, 4]\nnodes:\n  n: { kind: shader, file: nan.fsh, format: rgba32f, uniforms: { zero: 0 } }\noutput: n\n")
        let render = try runShaderbench(["render", composition, "--frames", "1", "--out", folder.file("out.png")])
        #expect(render.status == 0, "\(render.error)")
        let pixel = try ImageFile.read(path: folder.file("out.png"))[1, 1]
        #expect([pixel.r, pixel.g, pixel.b, pixel.a] == [0, 255, 128, 255])
        let text = try runShaderbench(["inspect", composition, "--at", "1,1"])
        #expect(text.status == 0 && text.output.contains("(0 255 128 255)"), "\(text.output) \(text.error)")
        let json = try runShaderbench(["inspect", composition, "--at", "1,1", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let rgba = try #require(report["rgba"] as? [Any])
        #expect(rgba[0] is NSNull && rgba[1] is NSNull && (rgba[2] as? Double) == 0.5, "\(rgba)")
    }

    @Test("the 8-bit level of a component: clamped, rounded, NaN as 0")
    func levels() {
        let cases: [(Float, UInt8)] = [(.nan, 0), (-.infinity, 0), (.infinity, 255), (-0.5, 0), (0.5, 128), (1, 255), (2, 255), (0.2, 51)]
        for (component, level) in cases {
            #expect(EightBitLevel.of(component) == level, "\(component)")
        }
    }
}

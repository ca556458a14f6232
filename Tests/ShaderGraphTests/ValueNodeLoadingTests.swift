import Foundation
import ShaderGraph
import ShaderLanguage
import TestSupport
import Testing

@Suite("Loading value and reduction nodes")
struct ValueNodeLoadingTests {
    func diagnostics(_ nodes: String) throws -> [String] {
        let folder = try TemporaryFolder()
        let path = try folder.write("values.yaml", "nodes:\n  picture: { kind: pattern }\n\(nodes)")
        do throws(DiagnosticsError) {
            _ = try CompositionLoader.load(path: path)
            return []
        } catch {
            return error.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        }
    }

    @Test("well-formed nodes load, and their sizes follow their operands")
    func wellFormed() throws {
        #expect(try diagnostics("""
              where: { kind: centroid, input: picture }
              spot: { kind: multiply, values: [where.xy, 2] }
              wave: { kind: lfo, waveform: square, rate: 0.5, phase: 0.25 }
              bins: { kind: histogram, input: picture, channels: rgb }
            """) == [])
    }

    @Test("mistakes are located and explained", arguments: [
        ("  m: { kind: average, input: nowhere }", "3:30 no node named 'nowhere'"),
        ("  c: { kind: constant, value: 1 }\n  m: { kind: average, input: c }", "4:30 'c' makes a value, but a average node measures an image"),
        ("  s: { kind: add, values: [picture, 1] }", "3:28 'picture' makes an image, but item 1 of 'values' of a add node is a value; measure an image with a reduction node (average, centroid, minmax, histogram)"),
        ("  a: { kind: constant, value: [1, 2, 3] }\n  b: { kind: constant, value: [1, 2] }\n  s: { kind: add, values: [a, b] }",
         "5:31 item 2 of 'values' carries 2 numbers, but this add works on 3; give 1 (for every component) or 3"),
        ("  w: { kind: lfo, waveform: saw }", "3:29 unknown waveform 'saw'; expected one of: sine, triangle, square"),
        ("  k: { kind: key, key: F1 }", "3:24 'key' is a letter a–z or space, found 'F1'"),
        ("  s: { kind: add, values: [picture.size, 1] }", "3:28 'picture.size': 'picture' has no parameter 'size'"),
    ])
    func mistakes(nodes: String, expected: String) throws {
        let found = try diagnostics(nodes)
        #expect(found.contains(expected), "\(found)")
    }
}

import Foundation
import OSC
import OperatingSystem
import Testing
import TestSupport

/// `osc-out:` in `render`: value nodes sent through liblo over loopback UDP to a liblo server of the test's own.
@Suite("OSC values out of render", .serialized)
struct OSCValuesOutTests {
    /// A white 16×16 square on black in a 64×64 image, from x 16 and y 8 counted from the top (ShaderToy's y
    /// points up): its centroid is at (0.375, 0.25) and it covers 1/16 of the image.
    static let mask = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            bool inside = fragCoord.x >= 16.0 && fragCoord.x < 32.0 && fragCoord.y >= 40.0 && fragCoord.y < 56.0;
            fragColor = vec4(vec3(inside ? 1.0 : 0.0), 1.0);
        }
        """

    static func composition(port: Int, values: String = "[where]") -> String {
        """
        composition: 1
        size: [64, 64]
        nodes:
          mask:  { kind: shader, file: mask.glsl }
          where: { kind: centroid, input: mask }
        output: mask
        osc-out: { host: 127.0.0.1, port: \(port), values: \(values) }
        """
    }

    @Test("the centroid of a known image arrives as /where with x, y and area, once while it does not change")
    func centroidSent() throws {
        let received = Locked<[OSCMessage]>([])
        let server = try OSCReceiver(port: 0) { message in received.withLock { $0.append(message) } }
        let folder = try TemporaryFolder()
        _ = try folder.write("mask.glsl", Self.mask)
        let composition = try folder.write("track.yaml", Self.composition(port: server.port))
        let result = try runShaderbench(["render", composition, "--frames", "3", "--out", folder.file("f-%d.png")])
        #expect(result.status == 0, "\(result.error)")
        #expect(eventually(timeout: 5) { !received.withLock { $0 }.isEmpty })
        Thread.sleep(forTimeInterval: 0.2)
        let messages = received.withLock { $0 }
        #expect(messages.count == 1, "\(messages)")
        let message = try #require(messages.first)
        #expect(message.address == "/where")
        let numbers = message.arguments.compactMap(\.number)
        #expect(message.arguments.allSatisfy { $0.tag == "f" })
        #expect(numbers.count == 3)
        if numbers.count == 3 {
            #expect(abs(numbers[0] - 0.375) < 0.01 && abs(numbers[1] - 0.25) < 0.01 && abs(numbers[2] - 0.0625) < 0.005, "\(numbers)")
        }
    }

    @Test("osc-out naming an image node is an error at the name")
    func imageNodeRefused() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("mask.glsl", Self.mask)
        let composition = try folder.write("track.yaml", Self.composition(port: 9000, values: "[mask]"))
        let result = try runShaderbench(["check", composition])
        #expect(result.status == 1)
        let text = result.output + result.error
        #expect(text.contains("track.yaml:7:50: error: 'osc-out' sends value nodes (centroid, average, …); 'mask' makes an image"), "\(text)")
    }
}

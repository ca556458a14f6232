import Foundation
import Images
import TestSupport
import Testing

/// A 16-bit PNG reaches shaders at more than 8 bits: levels that all round to one 8-bit value stay apart.
@Suite("16-bit images in shaders")
struct SixteenBitImageRenderTests {
    /// 256 grey levels, one 16-bit step apart, starting here: all of them round to 8-bit level 32.
    static let lowest = 8096

    /// Stretches the 256 levels from `lowest` over black to white.
    let stretch = """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;

        void main() {
            highp float level = texture2D(inputImageTexture, textureCoordinate).r;
            gl_FragColor = vec4(vec3((level - \(Double(lowest)) / 65535.0) * (65535.0 / 255.0)), 1.0);
        }
        """

    @Test("a ramp inside one 8-bit step, amplified by a shader, renders as a ramp and not as one flat level",
          arguments: ["", ", size: [256, 4]"])
    func rampBetweenEightBitLevels(passKeys: String) throws {
        let folder = try TemporaryFolder()
        let row = (0..<256).flatMap { bigEndian16(UInt16(Self.lowest + $0)) }
        let png = PNGBytes(width: 256, height: 2, bitDepth: 16, colourType: .grey).encode(rows: [row, row])
        #expect(Set(try ImageFile.decode(png, path: "ramp.png").pixels) == [32, 255], "the ramp must be flat at 8 bits for this test to mean anything")
        try folder.write("ramp.png", bytes: png)
        try folder.write("stretch.fsh", stretch)
        let composition = try folder.write("c.yaml", """
            nodes:
              ramp: { kind: image, file: ramp.png }
              stretch: { kind: shader, file: stretch.fsh, inputs: { inputImageTexture: ramp }\(passKeys) }
            """)
        let result = try runShaderbench(["render", composition, "--out", folder.file("out.png")])
        #expect(result.status == 0, "\(result.error)")
        let output = try ImageFile.read(path: folder.file("out.png"))
        let greys = (0..<256).map { Int(output[$0, 0].r) }
        #expect(zip(greys, greys.dropFirst()).allSatisfy { $0 <= $1 }, "\(greys)")
        // Half floats keep these levels apart in steps of four 16-bit levels below 1/8 and eight above: 44 greys
        // over the whole ramp, where 8 bits would give one. Filling a pass twice as tall shows its middle half.
        let shown = passKeys.isEmpty ? (greys: 40, span: 240) : (greys: 20, span: 110)
        #expect(greys[255] - greys[0] >= shown.span && Set(greys).count >= shown.greys, "\(greys)")
    }
}

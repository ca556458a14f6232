import Images
import TestSupport
import Testing

/// Damaged files must produce an error or an image, never a crash or a hang.
@Suite("Damaged bytes")
struct RobustnessTests {
    static func mutations(of original: [UInt8], seed: UInt64, count: Int) -> [[UInt8]] {
        var generator = SeededRandomNumbers(seed: seed)
        return (0..<count).map { _ in
            var bytes = original
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                // Flip a few bytes past the signature, so the damage reaches the codec.
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 3..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            case 1:
                bytes.removeLast(Int.random(in: 1..<bytes.count - 3, using: &generator))
            default:
                let start = Int.random(in: 3..<bytes.count, using: &generator)
                let garbage = (0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                bytes.insert(contentsOf: garbage, at: start)
            }
            return bytes
        }
    }

    @Test("randomly damaged PNGs decode or throw ImageFileError")
    func damagedPNGs() throws {
        let png = try ImageFile.encodePNG(TestImages.pattern(width: 24, height: 16))
        for bytes in Self.mutations(of: png, seed: 1, count: 400) {
            do {
                let image = try ImageFile.decode(bytes, path: "damaged.png")
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                #expect(error.message.contains("PNG"))
            }
        }
    }

    @Test("randomly damaged JPEGs decode or throw ImageFileError")
    func damagedJPEGs() throws {
        let jpeg = try ImageFile.encodeJPEG(TestImages.gradient(width: 24, height: 16))
        for bytes in Self.mutations(of: jpeg, seed: 2, count: 400) {
            do {
                let image = try ImageFile.decode(bytes, path: "damaged.jpg")
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }
}

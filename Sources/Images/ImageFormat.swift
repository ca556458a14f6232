/// The file formats images are read from; detected by content, because extensions lie.
public enum ImageFormat: String, Sendable {
    case png
    case jpeg
    case tiff
    case webp

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // SOI followed by the first marker's 0xFF; every JPEG variant begins this way.
    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    // The byte order ("II" little-endian, "MM" big-endian), then 42 for classic TIFF or 43 for BigTIFF in that order.
    private static let tiffSignatures: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
                                                    [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]
    // A RIFF container ("RIFF", a 4-byte length) whose form type is "WEBP".
    private static let riffSignature: [UInt8] = Array("RIFF".utf8)
    private static let webpFormType: [UInt8] = Array("WEBP".utf8)

    /// The format whose signature `data` starts with, or nil.
    init?(signatureOf data: [UInt8]) {
        if data.starts(with: Self.pngSignature) {
            self = .png
        } else if data.starts(with: Self.jpegSignature) {
            self = .jpeg
        } else if Self.tiffSignatures.contains(where: { data.starts(with: $0) }) {
            self = .tiff
        } else if data.starts(with: Self.riffSignature), data.dropFirst(8).starts(with: Self.webpFormType) {
            self = .webp
        } else {
            return nil
        }
    }
}

/// The file formats images are read from; detected by content, because extensions lie.
public enum ImageFormat: String, Sendable {
    case png
    case jpeg

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // SOI followed by the first marker's 0xFF; every JPEG variant begins this way.
    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The format whose signature `data` starts with, or nil.
    init?(signatureOf data: [UInt8]) {
        if data.starts(with: Self.pngSignature) {
            self = .png
        } else if data.starts(with: Self.jpegSignature) {
            self = .jpeg
        } else {
            return nil
        }
    }
}

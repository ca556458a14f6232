import ShaderGraph
import ShaderLanguage

/// Everything that makes two render targets interchangeable; the framebuffer pool's key. Sampling filters
/// are set per use, so they are deliberately not part of it.
public struct TextureDescriptor: Hashable, Sendable, CustomStringConvertible {
    public var size: PixelSize
    public var format: PixelFormat
    /// How many textures of this size and format a pass draws into at once, a fragment writing one colour to
    /// each (`layout(location = N) out`); the first is the one sampled and read.
    public var attachments: Int

    public init(size: PixelSize, format: PixelFormat = .rgba8, attachments: Int = 1) {
        self.size = size
        self.format = format
        self.attachments = attachments
    }

    public var description: String { "\(size) \(format.rawValue)" + (attachments > 1 ? " ×\(attachments)" : "") }
}

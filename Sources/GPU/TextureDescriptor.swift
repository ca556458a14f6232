import ShaderGraph
import ShaderLanguage

/// Everything that makes two render targets interchangeable; the framebuffer pool's key. Sampling filters
/// are set per use, so they are deliberately not part of it.
public struct TextureDescriptor: Hashable, Sendable, CustomStringConvertible {
    public var size: PixelSize
    public var format: PixelFormat

    public init(size: PixelSize, format: PixelFormat = .rgba8) {
        self.size = size
        self.format = format
    }

    public var description: String { "\(size) \(format.rawValue)" }
}

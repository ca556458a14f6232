import Images
import ShaderGraph
import ShaderLanguage

/// A sequence node's image: frame k of the graph shows file k (wrapping round), decoded and uploaded when
/// the frame changes, into one texture reused while the files share a size and depth.
final class SequencePlayer {
    private let sequence: ImageSequence
    private var shown: Int?
    private(set) var target: RenderTarget

    /// Loads the first file now, so its size is known when the graph is planned.
    init(_ sequence: ImageSequence) throws(DiagnosticsError) {
        self.sequence = sequence
        target = try Self.load(sequence.files[0], at: sequence.location)
        shown = 0
    }

    var size: PixelSize { target.size }

    func image(forFrame frame: Int) throws(DiagnosticsError) -> RenderTarget {
        let index = ((frame % sequence.files.count) + sequence.files.count) % sequence.files.count
        guard index != shown else { return target }
        let image = try Self.decode(sequence.files[index], at: sequence.location)
        if TextureDescriptor(size: PixelSize(width: image.width, height: image.height), format: RenderTarget.format(for: image)) == target.descriptor {
            target.upload(image)
        } else {
            target = try Self.upload(image, at: sequence.location)
        }
        shown = index
        return target
    }

    private static func load(_ path: String, at location: SourceLocation) throws(DiagnosticsError) -> RenderTarget {
        try upload(try decode(path, at: location), at: location)
    }

    private static func decode(_ path: String, at location: SourceLocation) throws(DiagnosticsError) -> DecodedImage {
        do throws(ImageFileError) {
            return try ImageFile.readAtFullDepth(path: path, maximumDimension: GLInfo.maximumTextureSize)
        } catch {
            throw DiagnosticsError([.error(error.description, at: location, code: .unreadableFile)])
        }
    }

    private static func upload(_ image: DecodedImage, at location: SourceLocation) throws(DiagnosticsError) -> RenderTarget {
        do {
            return try RenderTarget(image: image)
        } catch {
            throw DiagnosticsError([.error(error.message, at: location)])
        }
    }
}

import GPU
import Images
import OperatingSystem
import ShaderGraph

/// Takes each rendered frame, in order, to where the render goes.
protocol RenderedFrameSink {
    /// Writes frame `index`; returns the path it went to.
    mutating func write(_ image: RenderTarget, frame index: Int) throws(RenderJob.Failure) -> String
    /// Writes what is still in flight and closes the output.
    mutating func finish() throws(RenderJob.Failure)
}

/// Numbered PNG files, each written atomically as soon as it is drawn.
struct ImageSequenceSink: RenderedFrameSink {
    var pattern: OutputPattern

    func write(_ image: RenderTarget, frame index: Int) throws(RenderJob.Failure) -> String {
        let path = pattern.path(forFrame: index)
        do {
            try Directories.createParent(of: path)
            try ImageFile.writePNG(image.readPixels(), to: path)
        } catch {
            throw .failed("\(error)", code: .outputNotWritten)
        }
        return path
    }

    func finish() {}
}

import GPU
import Media
import OperatingSystem
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// Frames to standard output as a YUV4MPEG2 stream (`--out -`), which `ffmpeg -i -` and `mpv -` read:
/// 4:2:0 converted on the GPU by the movie path's readback, its chroma the average of each 2×2 block (sited
/// at the block's centre, as `C420jpeg` says), limited range (`XCOLORRANGE=LIMITED`) and BT.601, the matrix
/// FFmpeg assumes for a stream that cannot name one. The rate is the render's exact fraction.
struct YUV4MPEGSink: PlanarReadbackSink {
    static let outputName = "standard output"
    static let matrix = ColorEncoding.Matrix.bt601

    let readback: any FrameReadback
    let firstFrame: Int
    /// Frames the reader has been given whole.
    private(set) var framesWritten = 0
    private var headerWritten = false
    private let header: [UInt8]
    private static let frameMarker = Array("FRAME\n".utf8)

    /// `packed`: the frames come as their planes (`GraphExecutor.packsOutput`).
    init(imageSize: PixelSize, frameRate: MovieSettings.FrameRate, firstFrame: Int, packed: Bool, progress: ProgressReporter) throws(RenderJob.Failure) {
        self.firstFrame = firstFrame
        do {
            readback = try YUVReadbacks.make(imageSize: imageSize, matrix: Self.matrix, packed: packed)
        } catch {
            throw .failed("cannot read frames back for \(Self.outputName): \(error.message)")
        }
        let size = readback.size
        header = Array(Self.header(width: size.width, height: size.height, frameRate: frameRate).utf8)
        if imageSize != size {
            progress.warn("\(Self.outputName): 4:2:0 video needs an even size; \(imageSize) is written as \(size), repeating the last column or row",
                          code: .evenSize)
        }
        // A reader that leaves early must not end the render with SIGPIPE: its write fails and the render stops.
        BrokenPipes.reportAsErrors()
    }

    /// The stream header: size, exact rate, progressive, square pixels, 4:2:0 with centred chroma, limited range.
    static func header(width: Int, height: Int, frameRate: MovieSettings.FrameRate) -> String {
        "YUV4MPEG2 W\(width) H\(height) F\(frameRate.numerator):\(frameRate.denominator) Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n"
    }

    var destination: String { Self.outputName }

    /// One `FRAME` with its three planes, written as they lie in the readback's buffer: a plane whose rows are
    /// packed tight goes out whole, one whose rows are padded (to whole texels) a row at a time, all in one
    /// gathered write.
    mutating func send(_ frame: VideoFrame) throws(RenderJob.Failure) {
        let layout = frame.layout
        let planeSizes = [(layout.width, layout.height), (layout.width / 2, layout.height / 2), (layout.width / 2, layout.height / 2)]
        let prefix = headerWritten ? Self.frameMarker : header + Self.frameMarker
        // withUnsafeBytes rethrows untyped: the failure comes out as a value.
        let failure: SystemError? = prefix.withUnsafeBytes { prefix in
            frame.bytes.withUnsafeBytes { bytes in
                var pieces = [prefix]
                for (plane, (width, height)) in zip(layout.planes, planeSizes) {
                    if plane.bytesPerRow == width {
                        pieces.append(UnsafeRawBufferPointer(rebasing: bytes[plane.offset..<(plane.offset + width * height)]))
                        continue
                    }
                    for row in 0..<height {
                        let start = plane.offset + row * plane.bytesPerRow
                        pieces.append(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + width)]))
                    }
                }
                do throws(SystemError) {
                    try FrameStages.time("writing to the pipe") { () throws(SystemError) in try StandardStreams.writeOutput(pieces) }
                    return nil
                } catch {
                    return error
                }
            }
        }
        readback.recycle(frame)
        if let error = failure {
            if BrokenPipes.isBrokenPipe(error) { throw .outputClosed(framesWritten: framesWritten) }
            throw .failed("\(Self.outputName): \(error.message)", code: .outputNotWritten)
        }
        headerWritten = true
        framesWritten += 1
    }
}

import CFFmpeg
import VideoFrames

/// libswscale turning rendered RGBA (rows from the top, as `RenderTarget` reads them) into I420, limited range in
/// the given matrix: the CPU's way to what `PlanarReadback` does on the GPU, which is the faster of the two where
/// the GPU is itself software (see BENCHMARKS, "Converting to YUV on the CPU where the GPU is software"). A pipe's
/// or a virtual camera's frames are converted on the render's thread, a movie's on its encoder's. Sizes are
/// even, as 4:2:0 needs. Owns the `SwsContext`.
public final class RGBAToI420Converter {
    public let layout: FrameLayout
    private let context: OpaquePointer

    /// Nil for an odd size, or when libswscale cannot make the conversion.
    public init?(width: Int, height: Int, matrix: ColorEncoding.Matrix) {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else { return nil }
        let encoding = ColorEncoding(matrix: matrix, range: .limited)
        // Bilinear chroma is the 2×2 average the GPU's conversion takes; accurate rounding keeps the
        // two within a level of each other.
        guard let context = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height),
                                           AV_PIX_FMT_YUV420P, SWS_BILINEAR | SWS_ACCURATE_RND, nil, nil, nil) else { return nil }
        self.context = context
        _ = sws_setColorspaceDetails(context, sws_getCoefficients(SWS_CS_DEFAULT), 1, sws_getCoefficients(encoding.scalerColorspace), 0,
                                     0, 1 << 16, 1 << 16)
        let lumaBytes = width * height, chromaBytes = (width / 2) * (height / 2)
        layout = FrameLayout(format: .i420, width: width, height: height,
                             planes: [FrameLayout.Plane(offset: 0, bytesPerRow: width),
                                      FrameLayout.Plane(offset: lumaBytes, bytesPerRow: width / 2),
                                      FrameLayout.Plane(offset: lumaBytes + chromaBytes, bytesPerRow: width / 2)],
                             byteCount: lumaBytes + 2 * chromaBytes, encoding: encoding)
    }

    deinit {
        sws_freeContext(context)
    }

    /// Converts `rgba` (width × height × 4 bytes) into `planes`, resized to the layout's byte count; false, leaving
    /// `planes` as they were, when `rgba` is another size's.
    public func convert(_ rgba: [UInt8], into planes: inout [UInt8]) -> Bool {
        guard rgba.count == layout.width * layout.height * 4 else { return false }
        if planes.count != layout.byteCount { planes = [UInt8](repeating: 0, count: layout.byteCount) }
        let layout = self.layout
        rgba.withUnsafeBufferPointer { source in
            planes.withUnsafeMutableBufferPointer { target in
                convert(source.baseAddress!, rowBytes: layout.width * 4,
                        into: layout.planes.map { target.baseAddress! + $0.offset }, rowBytes: layout.planes.map(\.bytesPerRow))
            }
        }
        return true
    }

    /// Converts RGBA rows `rowBytes` apart into the three planes at `planes` (Y, Cb, Cr), rows `planeRowBytes` apart.
    func convert(_ rgba: UnsafePointer<UInt8>, rowBytes: Int, into planes: [UnsafeMutablePointer<UInt8>?], rowBytes planeRowBytes: [Int]) {
        var sourcePlanes: [UnsafePointer<UInt8>?] = [rgba, nil, nil, nil]
        var sourceStrides: [Int32] = [Int32(rowBytes), 0, 0, 0]
        var targetPlanes = planes + [nil]
        var targetStrides = planeRowBytes.map { Int32($0) } + [0]
        _ = sws_scale(context, &sourcePlanes, &sourceStrides, 0, Int32(layout.height), &targetPlanes, &targetStrides)
    }
}

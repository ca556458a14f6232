import CTurboJPEG

/// Decodes Motion-JPEG frames to RGBA with one long-lived TurboJPEG handle, on the capture thread.
final class MJPEGDecoder {
    private let handle: tjhandle

    init?() {
        guard let handle = tjInitDecompress() else { return nil }
        self.handle = handle
    }

    deinit {
        tjDestroy(handle)
    }

    /// Decodes `jpeg` into `pixels` (resized to fit); false for a damaged frame, which the caller skips.
    func decode(_ jpeg: UnsafeRawBufferPointer, width: Int, height: Int, into pixels: inout [UInt8]) -> Bool {
        guard let base = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self), !jpeg.isEmpty else { return false }
        var frameWidth: Int32 = 0, frameHeight: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, UInt(jpeg.count), &frameWidth, &frameHeight, &subsampling, &colorspace) == 0,
              Int(frameWidth) == width, Int(frameHeight) == height else { return false }
        let count = width * height * 4
        if pixels.count != count { pixels = [UInt8](repeating: 0, count: count) }
        let status = pixels.withUnsafeMutableBufferPointer { output in
            tjDecompress2(handle, base, UInt(jpeg.count), output.baseAddress, frameWidth, frameWidth * 4, frameHeight,
                          Int32(TJPF_RGBA.rawValue), 0)
        }
        return status == 0
    }
}

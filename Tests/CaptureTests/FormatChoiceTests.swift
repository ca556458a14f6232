@testable import Capture
import VideoFrames
import Testing

@Suite("Choosing what to ask a camera for")
struct FormatChoiceTests {
    func format(_ pixelFormat: CameraPixelFormat, _ sizes: [(Int, Int)], emulated: Bool = false) -> DeviceDescription.Format {
        DeviceDescription.Format(fourcc: pixelFormat.fourcc, name: pixelFormat.rawValue,
                                 sizes: sizes.map { DeviceDescription.FrameSize(width: $0.0, height: $0.1, rates: [30]) }, isEmulated: emulated)
    }

    @Test("a format the GPU takes as it comes wins over RGB and MJPEG at the same size")
    func prefersUnconvertedFormats() {
        let formats = [format(.mjpeg, [(1280, 720)]), format(.rgb24, [(1280, 720)]), format(.nv12, [(1280, 720)]), format(.yuyv, [(1280, 720)])]
        #expect(FormatChoice.ranked(from: formats, for: CaptureRequest()).first?.format == .yuyv)
        #expect(FormatChoice.ranked(from: Array(formats.prefix(3)), for: CaptureRequest()).first?.format == .nv12)
        #expect(FormatChoice.ranked(from: Array(formats.prefix(2)), for: CaptureRequest()).first?.format == .rgb24)
    }

    @Test("MJPEG is chosen only when nothing else gives the requested size")
    func mjpegOnlyForTheSize() {
        let formats = [format(.yuyv, [(640, 480)]), format(.mjpeg, [(640, 480), (1280, 720)])]
        let large = FormatChoice.ranked(from: formats, for: CaptureRequest(width: 1280, height: 720)).first
        #expect(large == FormatChoice.Choice(format: .mjpeg, width: 1280, height: 720))
        let small = FormatChoice.ranked(from: formats, for: CaptureRequest(width: 640, height: 480)).first
        #expect(small?.format == .yuyv)
        let between = FormatChoice.ranked(from: formats, for: CaptureRequest(width: 800, height: 600)).first
        #expect(between == FormatChoice.Choice(format: .yuyv, width: 640, height: 480))
    }

    @Test("a format the user insists on is honoured, and unknown formats are never chosen")
    func insistedFormat() {
        let unknown = DeviceDescription.Format(fourcc: 0x5945_5247, name: "GREY", sizes: [])
        let formats = [unknown, format(.yuyv, [(1280, 720)]), format(.mjpeg, [(1280, 720)])]
        #expect(FormatChoice.ranked(from: formats, for: CaptureRequest(format: .mjpeg)).first?.format == .mjpeg)
        #expect(FormatChoice.ranked(from: [unknown], for: CaptureRequest()).first == nil)
    }

    @Test("the device's own formats win over libv4l2's emulated ones, even those at the size asked for")
    func ownFormatsFirst() {
        let formats = [format(.nv12, [(640, 480)]), format(.yu12, [(1280, 720)], emulated: true), format(.rgb24, [(1280, 720)], emulated: true)]
        let ranked = FormatChoice.ranked(from: formats, for: CaptureRequest(width: 1280, height: 720))
        #expect(ranked == [FormatChoice.Choice(format: .nv12, width: 640, height: 480)])
    }

    @Test("emulated formats are candidates when none of the device's own will do, or when one is insisted on")
    func emulatedWhenNeeded() {
        let formats = [format(.mjpeg, [(640, 480)]), format(.yu12, [(640, 480)], emulated: true), format(.rgb24, [(640, 480)], emulated: true)]
        #expect(FormatChoice.ranked(from: formats, for: CaptureRequest(width: 640, height: 480)).first?.format == .mjpeg)
        let insisted = FormatChoice.ranked(from: formats, for: CaptureRequest(width: 640, height: 480, format: .rgb24))
        #expect(insisted == [FormatChoice.Choice(format: .rgb24, width: 640, height: 480, isEmulated: true)])
        let unknownOwn = DeviceDescription.Format(fourcc: 0x3138_4142, name: "BA81", sizes: [])
        #expect(FormatChoice.ranked(from: [unknownOwn] + formats.dropFirst(), for: CaptureRequest()).first?.isEmulated == true)
    }

    @Test("four-character codes round-trip")
    func fourcc() {
        #expect(CameraPixelFormat.yuyv.fourcc == 0x5659_5559)
        for format in CameraPixelFormat.allCases { #expect(CameraPixelFormat(fourcc: format.fourcc) == format) }
        #expect(CameraPixelFormat.name(of: 0x5659_5559) == "YUYV")
    }
}

@Suite("YCbCr encodings from what the driver reports")
struct ColorEncodingTests {
    /// Applies the shader's conversion on the CPU.
    func rgb(_ encoding: ColorEncoding, y: Float, cb: Float, cr: Float) -> [Float] {
        let (m, offset) = encoding.conversion
        let v = [y / 255 - offset[0], cb / 255 - offset[1], cr / 255 - offset[2]]
        return (0..<3).map { row in m[row] * v[0] + m[3 + row] * v[1] + m[6 + row] * v[2] }
    }

    @Test("limited-range BT.601 white, black and red come out as full-range RGB")
    func limited601() {
        let encoding = ColorEncoding(matrix: .bt601, range: .limited)
        for (value, expected) in zip(rgb(encoding, y: 235, cb: 128, cr: 128), [1, 1, 1] as [Float]) { #expect(abs(value - expected) < 0.002) }
        for value in rgb(encoding, y: 16, cb: 128, cr: 128) { #expect(abs(value) < 0.002) }
        // Pure red in BT.601 limited range is Y 81, Cb 90, Cr 240.
        let red = rgb(encoding, y: 81, cb: 90, cr: 240)
        #expect(abs(red[0] - 1) < 0.01 && abs(red[1]) < 0.01 && abs(red[2]) < 0.01)
    }

    @Test("full-range BT.709 red")
    func full709() {
        let encoding = ColorEncoding(matrix: .bt709, range: .full)
        // Y = 0.2126·255, Cb = 128 − 0.1146·255, Cr = 128 + 0.5·255 (clamped to 255).
        let red = rgb(encoding, y: 54.2, cb: 98.8, cr: 255)
        #expect(abs(red[0] - 1) < 0.01 && abs(red[1]) < 0.01 && abs(red[2]) < 0.01)
    }

    @Test("driver defaults follow the V4L2 rules", arguments: [
        (UInt32(1), UInt32(0), UInt32(0), false, ColorEncoding(matrix: .bt601, range: .limited)),
        (UInt32(3), UInt32(0), UInt32(0), false, ColorEncoding(matrix: .bt709, range: .limited)),
        (UInt32(7), UInt32(0), UInt32(0), false, ColorEncoding(matrix: .bt601, range: .full)),
        (UInt32(8), UInt32(0), UInt32(0), true, ColorEncoding(matrix: .bt601, range: .full)),
        (UInt32(1), UInt32(2), UInt32(1), false, ColorEncoding(matrix: .bt709, range: .full)),
    ])
    func defaults(colorspace: UInt32, encoding: UInt32, quantization: UInt32, isRGB: Bool, expected: ColorEncoding) {
        #expect(ColorEncoding(colorspace: colorspace, ycbcrEncoding: encoding, quantization: quantization, isRGB: isRGB) == expected)
    }
}

@testable import Capture
import Testing
import VideoFrames

@Suite("Formats libv4l2 makes on the CPU")
struct Libv4l2ConversionTests {
    /// What libv4l2 reports: its own fields for the layout, the device's colorimetry copied over.
    func reported(_ pixelFormat: CameraPixelFormat, copying encoding: ColorEncoding) -> CameraFormat {
        CameraFormat(format: pixelFormat, width: 640, height: 480, bytesPerLine: 640, byteCount: 640 * 480 * 3 / 2, encoding: encoding)
    }

    func own(_ name: String, colorspace: UInt32 = 1, quantization: UInt32 = 0) -> DriverFormat {
        let fourcc = name.utf8.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32($1.offset * 8) }
        return DriverFormat(fourcc: fourcc, width: 640, height: 480, colorspace: colorspace, quantization: quantization)
    }

    @Test("YCbCr computed from RGB or Bayer is limited-range BT.601, whatever range the RGB reported")
    func ycbcrFromRGB() {
        let full = ColorEncoding(matrix: .bt601, range: .full)
        for source in ["RGB3", "BA81", "GREY"] {
            let made = Libv4l2Conversion.format(reported(.yu12, copying: full), madeFrom: own(source, colorspace: 8, quantization: 1))
            #expect(made.encoding == ColorEncoding(matrix: .bt601, range: .limited), "\(source)")
            #expect(made.convertedFrom == own(source).fourcc)
        }
    }

    @Test("repacked YCbCr keeps the device's colorimetry, and RGB made from it keeps its range")
    func fromYCbCr() {
        let bt709Limited = own("NV12", colorspace: 3, quantization: 2)
        let copied = ColorEncoding(colorspace: 3, ycbcrEncoding: 0, quantization: 2, isRGB: false)
        #expect(Libv4l2Conversion.format(reported(.yu12, copying: copied), madeFrom: bt709Limited).encoding == ColorEncoding(matrix: .bt709, range: .limited))
        let rgb = Libv4l2Conversion.format(reported(.rgb24, copying: copied), madeFrom: bt709Limited)
        #expect(rgb.encoding.range == .limited && rgb.frameLayout.rgbRange == .limited)
        let fromJPEG = Libv4l2Conversion.format(reported(.rgb24, copying: copied), madeFrom: own("MJPG", colorspace: 8, quantization: 2))
        #expect(fromJPEG.frameLayout.rgbRange == .full)
    }

    @Test("a format the device sends itself is left as reported")
    func notConverted() {
        let reported = reported(.nv12, copying: ColorEncoding(matrix: .bt601, range: .limited))
        let same = Libv4l2Conversion.format(reported, madeFrom: own("NV12"))
        #expect(same == reported && same.convertedFrom == nil)
    }
}

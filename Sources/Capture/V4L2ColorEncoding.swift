import VideoFrames

extension ColorEncoding {
    /// The encoding a V4L2 driver reports in `v4l2_pix_format` (colorspace, ycbcr_enc, quantization), with the
    /// defaults the V4L2 specification gives when a field is 0.
    public init(colorspace: UInt32, ycbcrEncoding: UInt32, quantization: UInt32, isRGB: Bool) {
        // Colorspace numbers: 2 SMPTE 240M, 3 Rec. 709, 7 JPEG, 10 BT.2020, 12 DCI-P3.
        // YCbCr encodings: 1 601, 2 709, 3 xvYCC601, 4 xvYCC709, 6 BT.2020, 7 BT.2020 constant luminance, 8 SMPTE 240M.
        let defaultEncoding: UInt32 = switch colorspace {
        case 3, 12: 2
        case 10: 6
        case 2: 8
        default: 1
        }
        let encoding = ycbcrEncoding != 0 ? ycbcrEncoding : defaultEncoding
        let matrix: Matrix = switch encoding {
        case 2, 4: .bt709
        case 6, 7: .bt2020
        case 8: .smpte240m
        default: .bt601
        }
        // Quantization: 1 full, 2 limited; by default full for RGB and JPEG, limited for other YCbCr.
        let range: Range = switch quantization {
        case 1: .full
        case 2: .limited
        default: isRGB || colorspace == 7 ? .full : .limited
        }
        self.init(matrix: matrix, range: range)
    }
}

import CFFmpeg
import VideoFrames

extension ColorEncoding {
    /// The encoding a decoded frame's colour tags describe. Untagged movies follow the convention players
    /// share: HD sizes are BT.709, smaller ones BT.601; the range is limited unless the tag or a JPEG ("j")
    /// pixel format says full.
    init(colorspace: AVColorSpace, range: AVColorRange, pixelFormat: AVPixelFormat, height: Int) {
        let matrix: Matrix = switch colorspace {
        case AVCOL_SPC_BT709: .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: .bt601
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: .bt2020
        case AVCOL_SPC_SMPTE240M: .smpte240m
        default: height >= 720 ? .bt709 : .bt601
        }
        let fullRangeFormats = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P,
                                AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P]
        let isFull = switch range {
        case AVCOL_RANGE_JPEG: true
        case AVCOL_RANGE_MPEG: false
        default: fullRangeFormats.contains(pixelFormat)
        }
        self.init(matrix: matrix, range: isFull ? .full : .limited)
    }

    /// libswscale's name for the matrix, for converting the formats the GPU does not take.
    var scalerColorspace: Int32 {
        switch matrix {
        case .bt601: SWS_CS_ITU601
        case .bt709: SWS_CS_ITU709
        case .bt2020: SWS_CS_BT2020
        case .smpte240m: SWS_CS_SMPTE240M
        }
    }
}

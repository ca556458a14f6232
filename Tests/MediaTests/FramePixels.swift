import Images
import TestSupport
import VideoFrames

/// The colour of stored pixel (`x`, `y`) of a frame, converted on the CPU the way the GPU's shader does (the
/// frame's matrix and range; chroma at pixel / subsampling), so tests read what a render would show.
func pixel(of frame: VideoFrame, x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let layout = frame.layout
    let bytes = frame.bytes
    let (horizontal, vertical) = layout.format.chromaSubsampling
    func byte(_ plane: Int, _ column: Int, _ row: Int, _ size: Int = 1, _ component: Int = 0) -> Float {
        let stored = layout.planes[plane]
        return Float(bytes[stored.offset + row * stored.bytesPerRow + column * size + component]) / 255
    }
    let cx = x / horizontal, cy = y / vertical
    var rgb: [Float]
    switch layout.format {
    case .rgba: rgb = [byte(0, x, y, 4, 0), byte(0, x, y, 4, 1), byte(0, x, y, 4, 2)]
    case .rgb24: rgb = [byte(0, x, y, 3, 0), byte(0, x, y, 3, 1), byte(0, x, y, 3, 2)]
    case .bgr24: rgb = [byte(0, x, y, 3, 2), byte(0, x, y, 3, 1), byte(0, x, y, 3, 0)]
    default:
        let ycc: [Float] = switch layout.format {
        case .yuyv: [byte(0, cx, y, 4, x % 2 == 0 ? 0 : 2), byte(0, cx, y, 4, 1), byte(0, cx, y, 4, 3)]
        case .uyvy: [byte(0, cx, y, 4, x % 2 == 0 ? 1 : 3), byte(0, cx, y, 4, 0), byte(0, cx, y, 4, 2)]
        case .nv12: [byte(0, x, y), byte(1, cx, cy, 2, 0), byte(1, cx, cy, 2, 1)]
        case .yv12: [byte(0, x, y), byte(2, cx, cy), byte(1, cx, cy)]
        default: [byte(0, x, y), byte(1, cx, cy), byte(2, cx, cy)]
        }
        let (matrix, offset) = layout.encoding.conversion
        let shifted = (0..<3).map { ycc[$0] - offset[$0] }
        rgb = (0..<3).map { row in (0..<3).reduce(Float(0)) { $0 + matrix[$1 * 3 + row] * shifted[$1] } }
    }
    let channels = rgb.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
    return (channels[0], channels[1], channels[2], 255)
}

/// The whole frame as RGBA in its stored orientation.
func rgbaImage(of frame: VideoFrame) -> RGBAImage {
    let width = frame.layout.width, height = frame.layout.height
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let colour = pixel(of: frame, x: x, y: y)
            let start = (y * width + x) * 4
            (pixels[start], pixels[start + 1], pixels[start + 2]) = (colour.r, colour.g, colour.b)
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The frame number `clip` drew into `frame`; nil when a block is neither white nor black. Only the block
/// row is converted, which keeps tests that read many frames quick.
func frameNumber(of frame: VideoFrame, in clip: TestClip) -> Int? {
    let rows = min(clip.blockSide, frame.layout.height)
    var pixels = [UInt8](repeating: 255, count: frame.layout.width * rows * 4)
    let side = clip.blockSide
    for bit in 0..<TestClip.bitCount {
        let x = bit * side + side / 2, y = side / 2
        let colour = pixel(of: frame, x: x, y: y)
        let start = (y * frame.layout.width + x) * 4
        (pixels[start], pixels[start + 1], pixels[start + 2]) = (colour.r, colour.g, colour.b)
    }
    return clip.frameNumber(in: RGBAImage(width: frame.layout.width, height: rows, pixels: pixels))
}

/// The largest difference of any channel between `pixel` and `expected`.
func channelDifference(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ expected: (r: UInt8, g: UInt8, b: UInt8)) -> Int {
    max(abs(Int(pixel.r) - Int(expected.r)), abs(Int(pixel.g) - Int(expected.g)), abs(Int(pixel.b) - Int(expected.b)))
}

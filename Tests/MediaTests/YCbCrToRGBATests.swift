import Testing
import VideoFrames

/// The CPU's conversion of YCbCr frames against the standard's formulas worked out here in Double: every
/// pixel its own stored chroma, rounded to the nearest code, in every layout cameras and movies deliver. Random
/// codes in limited range reach past black and white, so the clamps are tested too.
@Suite("YCbCr to RGBA on the CPU")
struct YCbCrToRGBATests {
    /// An odd width: two whole blocks of eight pixels and a tail of three, each way of reading tested.
    static let width = 19, height = 5

    @Test("each layout converts every pixel to the rounded result of the standard's formula",
          arguments: [PlaneFormat.i420, .yv12, .nv12, .yuv422p, .yuv444p, .yuyv, .uyvy])
    func layouts(format: PlaneFormat) {
        for encoding in [ColorEncoding(matrix: .bt601, range: .limited), ColorEncoding(matrix: .bt709, range: .full)] {
            let frame = TestFrame(format: format, seed: UInt64(format.rawValue.utf8.count))
            let converted = frame.converted(encoding: encoding)
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let codes = frame.codes(x: x, y: y)
                    let exact = Self.rgb(codes, encoding: encoding)
                    for channel in 0..<3 {
                        let got = Int(converted[(y * Self.width + x) * 4 + channel])
                        let value = min(max(exact[channel], 0), 255)
                        // Within a hair of a half the fixed point may round either way.
                        let nearTie = abs(value - value.rounded(.down) - 0.5) < 0.01
                        #expect(abs(Double(got) - value.rounded()) <= (nearTie ? 1 : 0),
                                "\(format) \(encoding) pixel (\(x), \(y)) codes \(codes) channel \(channel): \(got), exact \(value)")
                    }
                    #expect(converted[(y * Self.width + x) * 4 + 3] == 255)
                }
            }
        }
    }

    @Test("frames whose planes do not fit their bytes are refused before any is read")
    func fitting() {
        let planes = [FrameLayout.Plane(offset: 0, bytesPerRow: 16), .init(offset: 64, bytesPerRow: 8), .init(offset: 80, bytesPerRow: 8)]
        #expect(YCbCrToRGBA.fits(.i420, width: 16, height: 4, planes: planes, in: 96))
        #expect(!YCbCrToRGBA.fits(.i420, width: 16, height: 4, planes: planes, in: 95))
        #expect(!YCbCrToRGBA.fits(.i420, width: 18, height: 4, planes: planes, in: 96))
        #expect(!YCbCrToRGBA.fits(.yuyv, width: 16, height: 4, planes: [.init(offset: 0, bytesPerRow: 31)], in: 4096))
        #expect(YCbCrToRGBA.fits(.yuyv, width: 16, height: 4, planes: [.init(offset: 0, bytesPerRow: 32)], in: 128))
        #expect(!YCbCrToRGBA.fits(.rgba, width: 1, height: 1, planes: [.init(offset: 0, bytesPerRow: 4)], in: 4))
    }

    /// R, G, B × 255 from 8-bit codes: the YCbCr definitions (Y′ = Kr R + Kg G + Kb B, Pb and Pr scaled
    /// differences), limited range taking 219 luma and 224 chroma steps.
    static func rgb(_ codes: (y: Int, cb: Int, cr: Int), encoding: ColorEncoding) -> [Double] {
        let (kr, kb): (Double, Double) = encoding.matrix == .bt601 ? (0.299, 0.114) : (0.2126, 0.0722)
        let kg = 1 - kr - kb
        let limited = encoding.range == .limited
        let luma = limited ? (Double(codes.y) - 16) / 219 : Double(codes.y) / 255
        let pb = (Double(codes.cb) - 128) / (limited ? 224 : 255), pr = (Double(codes.cr) - 128) / (limited ? 224 : 255)
        let red = luma + 2 * (1 - kr) * pr
        let blue = luma + 2 * (1 - kb) * pb
        let green = (luma - kr * red - kb * blue) / kg
        return [red * 255, green * 255, blue * 255]
    }
}

/// A small frame of pseudo-random codes laid out as `format` stores them, with padded rows, and each pixel's
/// codes as the format defines them.
private struct TestFrame {
    let format: PlaneFormat
    var planes: [[UInt8]] = []
    var strides: [Int] = []

    init(format: PlaneFormat, seed: UInt64) {
        self.format = format
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let width = YCbCrToRGBATests.width, height = YCbCrToRGBATests.height
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        let shapes: [(bytes: Int, rows: Int)] = switch format {
        case .i420, .yv12: [(width, height), (chromaWidth, chromaHeight), (chromaWidth, chromaHeight)]
        case .nv12: [(width, height), (chromaWidth * 2, chromaHeight)]
        case .yuv422p: [(width, height), (chromaWidth, height), (chromaWidth, height)]
        case .yuv444p: [(width, height), (width, height), (width, height)]
        default: [(chromaWidth * 4, height)]
        }
        for shape in shapes {
            // Rows padded past their samples, as decoders and drivers pad them.
            let stride = shape.bytes + 5
            strides.append(stride)
            planes.append((0..<(stride * shape.rows)).map { _ in next() })
        }
    }

    func codes(x: Int, y: Int) -> (y: Int, cb: Int, cr: Int) {
        func sample(_ plane: Int, _ column: Int, _ row: Int) -> Int { Int(planes[plane][row * strides[plane] + column]) }
        return switch format {
        case .i420: (sample(0, x, y), sample(1, x / 2, y / 2), sample(2, x / 2, y / 2))
        case .yv12: (sample(0, x, y), sample(2, x / 2, y / 2), sample(1, x / 2, y / 2))
        case .nv12: (sample(0, x, y), sample(1, x / 2 * 2, y / 2), sample(1, x / 2 * 2 + 1, y / 2))
        case .yuv422p: (sample(0, x, y), sample(1, x / 2, y), sample(2, x / 2, y))
        case .yuv444p: (sample(0, x, y), sample(1, x, y), sample(2, x, y))
        case .yuyv: (sample(0, x * 2, y), sample(0, x / 2 * 4 + 1, y), sample(0, x / 2 * 4 + 3, y))
        default: (sample(0, x * 2 + 1, y), sample(0, x / 2 * 4, y), sample(0, x / 2 * 4 + 2, y))
        }
    }

    func converted(encoding: ColorEncoding) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: YCbCrToRGBATests.width * YCbCrToRGBATests.height * 4)
        let planes = self.planes
        func withPlanes(_ index: Int, _ gathered: [YCbCrToRGBA.Plane], _ body: ([YCbCrToRGBA.Plane]) -> Bool) -> Bool {
            guard index < planes.count else { return body(gathered) }
            return planes[index].withUnsafeBufferPointer {
                withPlanes(index + 1, gathered + [.init(base: $0.baseAddress!, bytesPerRow: strides[index])], body)
            }
        }
        let ok = withPlanes(0, []) { planes in
            output.withUnsafeMutableBufferPointer {
                YCbCrToRGBA(encoding: encoding).convert(format, width: YCbCrToRGBATests.width, height: YCbCrToRGBATests.height,
                                                        planes: planes, into: $0.baseAddress!)
            }
        }
        #expect(ok)
        return output
    }
}

import VideoFrames

/// I420 frames made by a test or benchmark: the frame number drawn as white and black blocks along the top of the luma
/// plane (bit 0 on the left, as TestClip draws it), grey elsewhere, and constant chroma.
public struct NumberedFrames: Sendable {
    public var width: Int
    public var height: Int
    public var encoding = ColorEncoding(matrix: .bt709, range: .limited)

    public init(width: Int, height: Int, encoding: ColorEncoding = ColorEncoding(matrix: .bt709, range: .limited)) {
        self.width = width
        self.height = height
        self.encoding = encoding
    }

    public static let bitCount = 10
    /// Limited-range codes for white, black and grey luma, and neutral chroma.
    public static let white: UInt8 = 235
    public static let black: UInt8 = 16
    public static let grey: UInt8 = 128
    public static let neutral: UInt8 = 128

    /// The side of one frame-number block.
    public var blockSide: Int { max(4, width / (Self.bitCount + 2)) }

    /// Y, Cb and Cr planes one after another, each row exactly as wide as its plane: odd sizes have
    /// (width + 1) / 2 chroma samples a row.
    public var layout: FrameLayout {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        let lumaBytes = width * height, chromaBytes = chromaWidth * chromaHeight
        return FrameLayout(format: .i420, width: width, height: height,
                           planes: [.init(offset: 0, bytesPerRow: width),
                                    .init(offset: lumaBytes, bytesPerRow: chromaWidth),
                                    .init(offset: lumaBytes + chromaBytes, bytesPerRow: chromaWidth)],
                           byteCount: lumaBytes + 2 * chromaBytes, encoding: encoding)
    }

    /// One flat colour given as codes.
    public func flat(luma: UInt8, blue: UInt8, red: UInt8) -> VideoFrame {
        let layout = layout
        var bytes = [UInt8](repeating: luma, count: layout.byteCount)
        let chromaBytes = (layout.byteCount - layout.planes[1].offset) / 2
        bytes.replaceSubrange(layout.planes[1].offset..<layout.planes[1].offset + chromaBytes,
                              with: repeatElement(blue, count: chromaBytes))
        bytes.replaceSubrange(layout.planes[2].offset..<layout.byteCount, with: repeatElement(red, count: chromaBytes))
        return VideoFrame(layout: layout, bytes: bytes, sequence: 0, timestamp: 0)
    }

    /// Grey with frame `number` drawn along the top.
    public func frame(_ number: Int) -> VideoFrame {
        var frame = flat(luma: Self.grey, blue: Self.neutral, red: Self.neutral)
        let side = blockSide
        for bit in 0..<Self.bitCount {
            let value = number & (1 << bit) != 0 ? Self.white : Self.black
            for row in 0..<side {
                let start = row * width + bit * side
                frame.bytes.replaceSubrange(start..<start + side, with: repeatElement(value, count: side))
            }
        }
        frame.sequence = UInt32(number)
        return frame
    }

    /// The number drawn in one decoded luma picture whose rows are `rowBytes` apart; nil when a block is
    /// neither clearly white nor clearly black.
    public func number(inLuma luma: ArraySlice<UInt8>, rowBytes: Int) -> Int? {
        let side = blockSide
        var number = 0
        for bit in 0..<Self.bitCount {
            let sample = luma[luma.startIndex + (side / 2) * rowBytes + bit * side + side / 2]
            if sample > 170 {
                number |= 1 << bit
            } else if sample > 80 {
                return nil
            }
        }
        return number
    }
}

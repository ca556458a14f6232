import GPU
import Images
import ShaderGraph
import ShaderLanguage
import Testing
import VideoFrames

@Suite("Frames from cameras and movies", .serialized)
struct FrameConversionTests {
    /// Colours that cover the gamut's corners and a mid grey, one per 8×8 block.
    static let colours: [(UInt8, UInt8, UInt8)] = [(255, 255, 255), (0, 0, 0), (224, 32, 32), (32, 192, 64),
                                                   (32, 64, 224), (128, 128, 128), (250, 200, 20), (10, 200, 220)]

    static func swatches(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let colour = colours[(x / 8 + (y / 8) * (width / 8)) % colours.count]
                pixels[(y * width + x) * 4 + 0] = colour.0
                pixels[(y * width + x) * 4 + 1] = colour.1
                pixels[(y * width + x) * 4 + 2] = colour.2
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test("rendered frames read back as I420 with BT.709 limited-range codes: white 235, black 16, grey chroma 128")
    func readbackCodes() throws {
        let workspace = try GPUWorkspace()
        let image = try RenderTarget(image: Self.swatches(width: 64, height: 16))
        let readback = try PlanarReadback(imageSize: image.size)
        #expect(try readback.push(image, index: 0) == nil)
        #expect(try readback.push(image, index: 1) == nil)
        let frame = try #require(try readback.push(image, index: 2))
        #expect(frame.sequence == 0)
        #expect(frame.layout.format == .i420 && frame.layout.byteCount == 64 * 16 * 3 / 2)
        #expect(frame.bytes[0] == 235)
        #expect(frame.bytes[8] == 16)
        let grey = 5 * 8
        let cb = frame.layout.planes[1].offset, cr = frame.layout.planes[2].offset
        #expect(frame.bytes[cb + grey / 2] == 128 && frame.bytes[cr + grey / 2] == 128)
        #expect(try readback.drain().map(\.sequence) == [1, 2])
        withExtendedLifetime(workspace) {}
    }

    @Test("I420 read back and converted again matches the image within 3 of 255, odd sizes padded by repeating the edge")
    func roundTrip() throws {
        let workspace = try GPUWorkspace()
        let original = Self.swatches(width: 63, height: 17)
        let image = try RenderTarget(image: original)
        let readback = try PlanarReadback(imageSize: image.size)
        #expect(readback.size == PixelSize(width: 64, height: 18))
        _ = try readback.push(image, index: 0)
        let frame = try #require(try readback.drain().first)
        let converted = try RenderTarget(TextureDescriptor(size: readback.size))
        #expect(try FrameConverter().convert(frame, into: converted))
        let back = converted.readPixels()
        var cropped = [UInt8]()
        for y in 0..<17 { cropped += back.pixels[(y * 64 * 4)..<(y * 64 * 4 + 63 * 4)] }
        // Chroma is shared by 2×2 pixels, so only compare inside the 8×8 blocks, away from their edges.
        var worst = 0
        for y in 0..<16 where y % 8 != 0 && y % 8 != 7 {
            for x in 0..<56 where x % 8 != 0 && x % 8 != 7 {
                for channel in 0..<3 {
                    let index = (y * 63 + x) * 4 + channel
                    worst = max(worst, abs(Int(cropped[index]) - Int(original.pixels[index])))
                }
            }
        }
        #expect(worst <= 3)
        // The padding column repeats the last one.
        #expect(back[63, 3] == back[62, 3])
        withExtendedLifetime(workspace) {}
    }

    /// A 4×2 RGBA frame whose pixels are numbered 0…7 in red, row by row.
    static func numberedFrame(quarterTurns: Int = 0, pixelAspect: Double = 1) -> VideoFrame {
        var bytes = [UInt8]()
        for index in 0..<8 { bytes += [UInt8(index * 30), 0, 0, 255] }
        let layout = FrameLayout(format: .rgba, width: 4, height: 2, planes: [FrameLayout.Plane(offset: 0, bytesPerRow: 16)],
                                 byteCount: 32, encoding: ColorEncoding(matrix: .bt601, range: .full),
                                 quarterTurns: quarterTurns, pixelAspect: pixelAspect)
        return VideoFrame(layout: layout, bytes: bytes, sequence: 0, timestamp: 0)
    }

    static func numbers(_ image: RGBAImage) -> [[Int]] {
        (0..<image.height).map { y in (0..<image.width).map { x in Int(image[x, y].r) / 30 } }
    }

    @Test("a rotated frame is turned upright: a quarter turn clockwise puts the bottom-left at the top-left")
    func rotation() throws {
        let workspace = try GPUWorkspace()
        let converter = try FrameConverter()
        let expected: [Int: [[Int]]] = [
            0: [[0, 1, 2, 3], [4, 5, 6, 7]],
            1: [[4, 0], [5, 1], [6, 2], [7, 3]],
            2: [[7, 6, 5, 4], [3, 2, 1, 0]],
            3: [[3, 7], [2, 6], [1, 5], [0, 4]],
        ]
        for turns in 0..<4 {
            let frame = Self.numberedFrame(quarterTurns: turns)
            let size = frame.layout.displaySize
            let target = try RenderTarget(TextureDescriptor(size: PixelSize(width: size.width, height: size.height)))
            #expect(try converter.convert(frame, into: target))
            #expect(Self.numbers(target.readPixels()) == expected[turns], "quarter turns: \(turns)")
        }
        withExtendedLifetime(workspace) {}
    }

    @Test("RGB whose codes span 16–235 is stretched to full range; full-range RGB is taken as it is", arguments: [
        (ColorEncoding.Range.limited, [0, 255, 128]), (.full, [16, 235, 126]),
    ])
    func limitedRangeRGB(range: ColorEncoding.Range, expected: [Int]) throws {
        let workspace = try GPUWorkspace()
        let converter = try FrameConverter()
        // Black, white and mid-grey in limited-range codes, one pixel each.
        let bytes: [UInt8] = [16, 16, 16, 235, 235, 235, 126, 126, 126]
        let layout = FrameLayout(contiguous: .rgb24, width: 3, height: 1, bytesPerRow: 9,
                                 encoding: ColorEncoding(matrix: .bt601, range: .full), rgbRange: range)
        let target = try RenderTarget(TextureDescriptor(size: PixelSize(width: 3, height: 1)))
        #expect(try converter.convert(VideoFrame(layout: layout, bytes: bytes, sequence: 0, timestamp: 0), into: target))
        let image = target.readPixels()
        for (x, value) in expected.enumerated() {
            let pixel = image[x, 0]
            #expect([pixel.r, pixel.g, pixel.b].allSatisfy { abs(Int($0) - value) <= 1 }, "pixel \(x): \(pixel)")
        }
        withExtendedLifetime(workspace) {}
    }

    @Test("non-square pixels are stretched to their shape")
    func pixelAspect() throws {
        let workspace = try GPUWorkspace()
        let frame = Self.numberedFrame(pixelAspect: 2)
        #expect(frame.layout.displaySize == (8, 2))
        let target = try RenderTarget(TextureDescriptor(size: PixelSize(width: 8, height: 2)))
        #expect(try FrameConverter().convert(frame, into: target))
        #expect(Self.numbers(target.readPixels()) == [[0, 0, 1, 1, 2, 2, 3, 3], [4, 4, 5, 5, 6, 6, 7, 7]])
        withExtendedLifetime(workspace) {}
    }

    @Test("planar 4:2:2 and 4:4:4 frames with padded rows convert like 4:2:0", arguments: [PlaneFormat.yuv422p, .yuv444p])
    func planarFormats(format: PlaneFormat) throws {
        let workspace = try GPUWorkspace()
        // Luma 180 everywhere, Cb and Cr at their neutral 128: a grey of (180 − 16) × 255/219 ≈ 191.
        let width = 6, height = 4, padding = 10
        let (horizontal, vertical) = format.chromaSubsampling
        let chromaWidth = width / horizontal, chromaHeight = height / vertical
        let lumaRow = width + padding, chromaRow = chromaWidth + padding
        var bytes = [UInt8](repeating: 180, count: lumaRow * height)
        let cbOffset = bytes.count
        bytes += [UInt8](repeating: 128, count: chromaRow * chromaHeight * 2)
        let layout = FrameLayout(format: format, width: width, height: height,
                                 planes: [.init(offset: 0, bytesPerRow: lumaRow), .init(offset: cbOffset, bytesPerRow: chromaRow),
                                          .init(offset: cbOffset + chromaRow * chromaHeight, bytesPerRow: chromaRow)],
                                 byteCount: bytes.count, encoding: ColorEncoding(matrix: .bt709, range: .limited))
        let target = try RenderTarget(TextureDescriptor(size: PixelSize(width: width, height: height)))
        #expect(try FrameConverter().convert(VideoFrame(layout: layout, bytes: bytes, sequence: 0, timestamp: 0), into: target))
        let pixels = target.readPixels()
        #expect(abs(Int(pixels[5, 3].r) - 191) <= 1 && pixels[5, 3].r == pixels[5, 3].b)
        withExtendedLifetime(workspace) {}
    }

    @Test("opaque RGBA of the target's shape is uploaded as it is, padded rows included; other RGBA takes the pass")
    func opaqueRGBAIsUploaded() throws {
        let workspace = try GPUWorkspace()
        let converter = try FrameConverter()
        // Two pixels a row and one of padding; the fourth bytes say 200, which only an upload keeps: the pass
        // shows every frame opaque.
        let bytes: [UInt8] = [10, 20, 30, 200, 40, 50, 60, 200, 0, 0, 0, 0,
                              70, 80, 90, 200, 100, 110, 120, 200, 0, 0, 0, 0]
        func layout(opaque: Bool, quarterTurns: Int = 0) -> FrameLayout {
            FrameLayout(format: .rgba, width: 2, height: 2, planes: [.init(offset: 0, bytesPerRow: 12)], byteCount: 24,
                        encoding: ColorEncoding(matrix: .bt709, range: .limited), quarterTurns: quarterTurns, isOpaque: opaque)
        }
        let target = try RenderTarget(TextureDescriptor(size: PixelSize(width: 2, height: 2)))
        #expect(try converter.convert(VideoFrame(layout: layout(opaque: true), bytes: bytes, sequence: 0, timestamp: 0), into: target))
        #expect(target.readPixels().pixels == [10, 20, 30, 200, 40, 50, 60, 200, 70, 80, 90, 200, 100, 110, 120, 200])
        #expect(try converter.convert(VideoFrame(layout: layout(opaque: false), bytes: bytes, sequence: 0, timestamp: 0), into: target))
        #expect(target.readPixels().pixels == [10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 100, 110, 120, 255])
        #expect(try converter.convert(VideoFrame(layout: layout(opaque: true, quarterTurns: 1), bytes: bytes, sequence: 0, timestamp: 0), into: target))
        #expect(target.readPixels().pixels == [70, 80, 90, 255, 10, 20, 30, 255, 100, 110, 120, 255, 40, 50, 60, 255],
                "a turned frame is drawn upright")
        withExtendedLifetime(workspace) {}
    }
}

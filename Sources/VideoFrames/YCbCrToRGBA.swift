/// Turns YCbCr frames into opaque, tightly packed RGBA on the CPU with the arithmetic of the GPU's conversion
/// (`frame-conversion.frag.glsl`): each pixel takes its own stored chroma sample, its codes go through the
/// encoding's matrix and offset, and the result is clamped and rounded to the nearest code.
///
/// Hand-written rather than libswscale: its exact path (accurate rounding, full chroma, point chroma) cost
/// 7.6 ms a 1280×720 frame here, a quarter of a movie render's CPU, and its fast paths drift two or three levels
/// from the GPU's. Eight pixels at a time in 16.16 fixed point, each channel one multiply-add per code.
public struct YCbCrToRGBA: Sendable {
    /// One plane of a frame: where its first row starts and how far apart its rows are.
    public struct Plane {
        public var base: UnsafePointer<UInt8>
        public var bytesPerRow: Int

        public init(base: UnsafePointer<UInt8>, bytesPerRow: Int) {
            self.base = base
            self.bytesPerRow = bytesPerRow
        }
    }

    public let encoding: ColorEncoding
    private let coefficients: Coefficients

    public init(encoding: ColorEncoding) {
        self.encoding = encoding
        coefficients = Coefficients(encoding)
    }

    /// Writes `width` × `height` RGBA pixels to `output` from `planes` in the order `format` stores them (YV12's
    /// Cr before its Cb). False, writing nothing, when the format is RGB or the planes are too few.
    public func convert(_ format: PlaneFormat, width: Int, height: Int, planes: [Plane], into output: UnsafeMutablePointer<UInt8>) -> Bool {
        guard format.isYCbCr, planes.count >= format.planeCount, width > 0, height > 0 else { return false }
        let layout = RowLayout(format)
        let pixels = UnsafeMutableRawPointer(output)
        for row in 0..<height {
            let chromaRow = row / format.chromaSubsampling.vertical
            let cbPlane = planes[layout.cbPlane], crPlane = planes[layout.crPlane]
            let samples = RowSamples(luma: planes[0].base + row * planes[0].bytesPerRow + layout.lumaOffset,
                                     cb: cbPlane.base + chromaRow * cbPlane.bytesPerRow + layout.cbOffset,
                                     cr: crPlane.base + chromaRow * crPlane.bytesPerRow + layout.crOffset)
            let rowPixels = pixels + row * width * 4
            switch format {
            case .i420, .yv12, .yuv422p: convertRow(PlanarHalfChroma.self, samples, width: width, into: rowPixels, layout: layout)
            case .yuv444p: convertRow(PlanarFullChroma.self, samples, width: width, into: rowPixels, layout: layout)
            case .nv12: convertRow(InterleavedChroma.self, samples, width: width, into: rowPixels, layout: layout)
            case .yuyv: convertRow(LumaFirstPairs.self, samples, width: width, into: rowPixels, layout: layout)
            case .uyvy: convertRow(ChromaFirstPairs.self, samples, width: width, into: rowPixels, layout: layout)
            case .rgb24, .bgr24, .rgba, .bgra: return false
            }
        }
        return true
    }

    /// Whether planes at these byte offsets, rows this far apart, lie within `byteCount` bytes for a frame of this
    /// format and size: what a device's frame must satisfy before its bytes are read.
    public static func fits(_ format: PlaneFormat, width: Int, height: Int, planes: [FrameLayout.Plane], in byteCount: Int) -> Bool {
        guard format.isYCbCr, planes.count >= format.planeCount, width > 0, height > 0 else { return false }
        let layout = RowLayout(format)
        let chromaRows = (height + format.chromaSubsampling.vertical - 1) / format.chromaSubsampling.vertical
        let lastChroma = ((width - 1) >> layout.chromaShift) * layout.chromaStep
        // Each plane's rows, and the bytes a row's reads reach.
        let reads = [(0, height, layout.lumaOffset + (width - 1) * layout.lumaStep + 1),
                     (layout.cbPlane, chromaRows, lastChroma + layout.cbOffset + 1),
                     (layout.crPlane, chromaRows, lastChroma + layout.crOffset + 1)]
        return reads.allSatisfy { plane, rows, rowBytes in
            let plane = planes[plane]
            return plane.offset >= 0 && plane.bytesPerRow >= rowBytes
                && plane.offset + plane.bytesPerRow * (rows - 1) + rowBytes <= byteCount
        }
    }

    /// One row: whole blocks of eight pixels as vectors, the rest one by one with the same arithmetic.
    @inline(__always)
    fileprivate func convertRow<Block: SampleBlock>(_ block: Block.Type, _ samples: RowSamples, width: Int,
                                                into output: UnsafeMutableRawPointer, layout: RowLayout) {
        let blocks = width / 8
        for index in 0..<blocks {
            let (y, cb, cr) = Block.load(samples, at: index &* 8)
            (output + index &* 32).storeBytes(of: coefficients.pixels(y: y, cb: cb, cr: cr), as: SIMD8<UInt32>.self)
        }
        for column in (blocks * 8)..<width {
            let chroma = (column &>> layout.chromaShift) &* layout.chromaStep
            let y = SIMD8<Int32>(repeating: Int32(samples.luma[column &* layout.lumaStep]))
            let cb = SIMD8<Int32>(repeating: Int32(samples.cb[chroma])), cr = SIMD8<Int32>(repeating: Int32(samples.cr[chroma]))
            (output + column &* 4).storeBytes(of: coefficients.pixels(y: y, cb: cb, cr: cr)[0], as: UInt32.self)
        }
    }

    /// The matrix and offsets in 16.16 fixed point: channel × 65536 = Y × luma + Cb × … + Cr × … + bias, the bias
    /// holding the offsets and the half that rounds.
    private struct Coefficients: Sendable {
        let luma, crToRed, cbToGreen, crToGreen, cbToBlue: Int32
        let redBias, greenBias, blueBias: Int32

        init(_ encoding: ColorEncoding) {
            let (matrix, offset) = encoding.conversion
            let fixed = { (value: Double) in Int32((value * 65536).rounded()) }
            let (lumaScale, cbG, cbB, crR, crG) = (Double(matrix[0]), Double(matrix[4]), Double(matrix[5]), Double(matrix[6]), Double(matrix[7]))
            let (lumaOffset, cbOffset, crOffset) = (Double(offset[0]) * 255, Double(offset[1]) * 255, Double(offset[2]) * 255)
            luma = fixed(lumaScale)
            crToRed = fixed(crR)
            cbToGreen = fixed(cbG)
            crToGreen = fixed(crG)
            cbToBlue = fixed(cbB)
            let lumaShare = -lumaScale * lumaOffset + 0.5
            redBias = fixed(lumaShare - crR * crOffset)
            greenBias = fixed(lumaShare - cbG * cbOffset - crG * crOffset)
            blueBias = fixed(lumaShare - cbB * cbOffset)
        }

        /// Eight pixels as little-endian RGBA words, alpha opaque.
        @inline(__always)
        func pixels(y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>) -> SIMD8<UInt32> {
            let lumaPart = y &* luma
            let red = Self.code(lumaPart &+ cr &* crToRed &+ redBias)
            let green = Self.code(lumaPart &+ cb &* cbToGreen &+ cr &* crToGreen &+ greenBias)
            let blue = Self.code(lumaPart &+ cb &* cbToBlue &+ blueBias)
            return red | green &<< 8 | blue &<< 16 | SIMD8(repeating: 0xFF00_0000)
        }

        /// 16.16 values, rounding already added, as codes clamped to 0…255.
        @inline(__always)
        private static func code(_ value: SIMD8<Int32>) -> SIMD8<UInt32> {
            SIMD8<UInt32>(truncatingIfNeeded: (value &>> 16).clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255)))
        }
    }

    /// Where a row's samples lie for each format: luma every `lumaStep` bytes from `lumaOffset`; a pixel's chroma
    /// pair at (column >> `chromaShift`) × `chromaStep` from each chroma plane's offset.
    fileprivate struct RowLayout {
        var lumaOffset = 0, lumaStep = 1
        var cbPlane = 1, cbOffset = 0, crPlane = 2, crOffset = 0
        var chromaShift = 1, chromaStep = 1

        init(_ format: PlaneFormat) {
            switch format {
            case .yuyv:
                (lumaStep, cbPlane, cbOffset, crPlane, crOffset, chromaStep) = (2, 0, 1, 0, 3, 4)
            case .uyvy:
                (lumaOffset, lumaStep, cbPlane, crPlane, crOffset, chromaStep) = (1, 2, 0, 0, 2, 4)
            case .nv12:
                (crPlane, crOffset, chromaStep) = (1, 1, 2)
            case .i420, .yuv422p:
                break
            case .yv12:
                (cbPlane, crPlane) = (2, 1)
            case .yuv444p:
                chromaShift = 0
            case .rgb24, .bgr24, .rgba, .bgra:
                break
            }
        }
    }
}

/// Where one row's luma, Cb and Cr samples start.
private struct RowSamples {
    let luma: UnsafePointer<UInt8>
    let cb: UnsafePointer<UInt8>
    let cr: UnsafePointer<UInt8>
}

/// How eight pixels' samples are read from a row, from the column that starts them, for each way formats store
/// them; the pointers are where `RowLayout` puts each format's first samples.
private protocol SampleBlock {
    static func load(_ samples: RowSamples, at column: Int) -> (y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>)
}

@inline(__always)
private func lanes<Vector: SIMD<UInt8>>(_ type: Vector.Type, at pointer: UnsafePointer<UInt8>) -> Vector {
    UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
}

@inline(__always)
private func widened(_ bytes: SIMD8<UInt8>) -> SIMD8<Int32> { SIMD8<Int32>(truncatingIfNeeded: bytes) }

/// Each of four samples for two pixels side by side.
@inline(__always)
private func doubled(_ bytes: SIMD4<UInt8>) -> SIMD8<Int32> {
    let wide = SIMD4<Int32>(truncatingIfNeeded: bytes)
    return SIMD8(wide[0], wide[0], wide[1], wide[1], wide[2], wide[2], wide[3], wide[3])
}

/// Luma, Cb and Cr planes, chroma at half width (I420, YV12, 4:2:2 planes).
private enum PlanarHalfChroma: SampleBlock {
    @inline(__always)
    static func load(_ samples: RowSamples, at column: Int) -> (y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>) {
        (widened(lanes(SIMD8<UInt8>.self, at: samples.luma + column)),
         doubled(lanes(SIMD4<UInt8>.self, at: samples.cb + column / 2)), doubled(lanes(SIMD4<UInt8>.self, at: samples.cr + column / 2)))
    }
}

/// Three full-size planes (4:4:4).
private enum PlanarFullChroma: SampleBlock {
    @inline(__always)
    static func load(_ samples: RowSamples, at column: Int) -> (y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>) {
        (widened(lanes(SIMD8<UInt8>.self, at: samples.luma + column)),
         widened(lanes(SIMD8<UInt8>.self, at: samples.cb + column)), widened(lanes(SIMD8<UInt8>.self, at: samples.cr + column)))
    }
}

/// Luma, then Cb and Cr interleaved at half width (NV12).
private enum InterleavedChroma: SampleBlock {
    @inline(__always)
    static func load(_ samples: RowSamples, at column: Int) -> (y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>) {
        let pairs = lanes(SIMD8<UInt8>.self, at: samples.cb + column)
        return (widened(lanes(SIMD8<UInt8>.self, at: samples.luma + column)), doubled(pairs.evenHalf), doubled(pairs.oddHalf))
    }
}

/// Packed 4:2:2 with luma first: Y0 Cb Y1 Cr (YUYV).
private enum LumaFirstPairs: SampleBlock {
    @inline(__always)
    static func load(_ samples: RowSamples, at column: Int) -> (y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>) {
        let bytes = lanes(SIMD16<UInt8>.self, at: samples.luma + column * 2)
        let chroma = bytes.oddHalf
        return (widened(bytes.evenHalf), doubled(chroma.evenHalf), doubled(chroma.oddHalf))
    }
}

/// Packed 4:2:2 with chroma first: Cb Y0 Cr Y1 (UYVY).
private enum ChromaFirstPairs: SampleBlock {
    @inline(__always)
    static func load(_ samples: RowSamples, at column: Int) -> (y: SIMD8<Int32>, cb: SIMD8<Int32>, cr: SIMD8<Int32>) {
        let bytes = lanes(SIMD16<UInt8>.self, at: samples.cb + column * 2)
        let chroma = bytes.evenHalf
        return (widened(bytes.oddHalf), doubled(chroma.evenHalf), doubled(chroma.oddHalf))
    }
}

import CTIFF

/// Reads 16-bit unsigned grey or RGB TIFFs at 16 bits: strips or tiles, samples interleaved, top row first, with
/// or without one straight alpha sample; the deep layouts scanners and editors write. libtiff decompresses and
/// undoes predictors and byte order; the samples are spread to RGBA here.
struct TIFFSixteenBitReader {
    private let file: TIFFOpenFile
    private let width: Int
    private let height: Int
    /// Colour samples a pixel: 1 for grey, 3 for RGB.
    private let colourSamples: Int
    private let hasAlpha: Bool
    private var samplesPerPixel: Int { colourSamples + (hasAlpha ? 1 : 0) }

    /// Nil for any other layout, which libtiff's RGBA interface reads at 8 bits.
    init?(_ file: TIFFOpenFile, width: Int, height: Int) {
        guard file.field(TIFFTAG_BITSPERSAMPLE, as: UInt16.self) == 16,
              file.field(TIFFTAG_SAMPLEFORMAT, as: UInt16.self) == UInt16(SAMPLEFORMAT_UINT),
              file.field(TIFFTAG_PLANARCONFIG, as: UInt16.self) == UInt16(PLANARCONFIG_CONTIG),
              file.field(TIFFTAG_ORIENTATION, as: UInt16.self) == UInt16(ORIENTATION_TOPLEFT),
              let samples = file.field(TIFFTAG_SAMPLESPERPIXEL, as: UInt16.self),
              let photometric = file.field(TIFFTAG_PHOTOMETRIC, as: UInt16.self)
        else { return nil }
        let colourSamples = switch Int32(photometric) {
        case PHOTOMETRIC_MINISBLACK: 1
        case PHOTOMETRIC_RGB: 3
        default: 0
        }
        let extras = file.extraSamples
        // Associated alpha would need dividing out, as the 8-bit path does; such files are rare enough to take it.
        guard colourSamples > 0, Int(samples) == colourSamples + extras.count,
              extras.isEmpty || extras == [UInt16(EXTRASAMPLE_UNASSALPHA)]
        else { return nil }
        self.file = file
        self.width = width
        self.height = height
        self.colourSamples = colourSamples
        hasAlpha = !extras.isEmpty
    }

    func read(path: String) throws(ImageFileError) -> RGBA16Image {
        var output = [UInt16](repeating: 0, count: width * height * 4)
        if file.library.isTiled(file.handle) != 0 {
            try readTiles(into: &output, path: path)
        } else {
            try readStrips(into: &output, path: path)
        }
        return RGBA16Image(width: width, height: height, samples: output)
    }

    private func readStrips(into output: inout [UInt16], path: String) throws(ImageFileError) {
        let rowsPerStrip = min(Int(file.field(TIFFTAG_ROWSPERSTRIP, as: UInt32.self) ?? UInt32(height)), height)
        guard rowsPerStrip > 0 else { throw corrupt("it has no rows per strip", path: path) }
        var strip = try buffer(pixels: width * rowsPerStrip, path: path)
        for (index, top) in stride(from: 0, to: height, by: rowsPerStrip).enumerated() {
            let rows = min(rowsPerStrip, height - top)
            let expected = rows * width * samplesPerPixel * 2
            let read = strip.withUnsafeMutableBytes { bytes in
                file.library.readEncodedStrip(file.handle, UInt32(index), bytes.baseAddress, tmsize_t(expected))
            }
            guard read == expected, file.reader.firstError == nil else { throw TIFFOpenFile.corrupt(path: path, reader: file.reader) }
            spread(strip, columns: width, into: &output, left: 0, top: top, width: width, rows: rows)
        }
    }

    private func readTiles(into output: inout [UInt16], path: String) throws(ImageFileError) {
        let tileWidth = Int(file.field(TIFFTAG_TILEWIDTH, as: UInt32.self) ?? 0)
        let tileLength = Int(file.field(TIFFTAG_TILELENGTH, as: UInt32.self) ?? 0)
        guard tileWidth > 0, tileLength > 0 else { throw corrupt("its tiles have no size", path: path) }
        var tile = try buffer(pixels: tileWidth * tileLength, path: path)
        let expected = tile.count * 2
        for top in stride(from: 0, to: height, by: tileLength) {
            for left in stride(from: 0, to: width, by: tileWidth) {
                let read = tile.withUnsafeMutableBytes { bytes in
                    file.library.readTile(file.handle, bytes.baseAddress, UInt32(left), UInt32(top), 0, 0)
                }
                guard read == expected, file.reader.firstError == nil else { throw TIFFOpenFile.corrupt(path: path, reader: file.reader) }
                // Edge tiles overhang the image; only their part inside it is kept.
                spread(tile, columns: tileWidth, into: &output, left: left, top: top,
                       width: min(tileWidth, width - left), rows: min(tileLength, height - top))
            }
        }
    }

    /// Room for `pixels` pixels of samples, refused when a header asks for more than any image within the limit needs.
    private func buffer(pixels: Int, path: String) throws(ImageFileError) -> [UInt16] {
        let (count, overflow) = pixels.multipliedReportingOverflow(by: samplesPerPixel)
        guard !overflow, Int64(count) * 2 <= TIFFOpenFile.allocationLimit(maximumDimension: file.maximumDimension) else {
            throw corrupt("its strips or tiles are larger than any image within the size limit needs", path: path)
        }
        return [UInt16](repeating: 0, count: count)
    }

    /// Copies a block of `width` × `rows` pixels, whose rows lie `columns` pixels apart in `block`, to RGBA at
    /// (`left`, `top`) in `output`: grey to all three colours, a missing alpha as opaque.
    private func spread(_ block: [UInt16], columns: Int, into output: inout [UInt16], left: Int, top: Int, width: Int, rows: Int) {
        for row in 0..<rows {
            for column in 0..<width {
                let source = (row * columns + column) * samplesPerPixel
                let target = ((top + row) * self.width + left + column) * 4
                for channel in 0..<3 {
                    output[target + channel] = block[source + (colourSamples == 1 ? 0 : channel)]
                }
                output[target + 3] = hasAlpha ? block[source + colourSamples] : 0xFFFF
            }
        }
    }

    private func corrupt(_ reason: String, path: String) -> ImageFileError {
        ImageFileError(path: path, message: "the TIFF file is corrupt (\(reason))")
    }
}

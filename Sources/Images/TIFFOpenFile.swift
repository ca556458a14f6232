import CTIFF

/// A TIFF that libtiff has open on bytes in memory, for as long as the call that opened it runs: its handle, the
/// library's functions, the reader that collects libtiff's errors, and the tags of its first image.
struct TIFFOpenFile {
    let handle: OpaquePointer
    let library: TIFFFunctions
    let reader: TIFFMemoryReader
    let maximumDimension: Int

    /// The largest single allocation a file within `maximumDimension` needs: a strip or tile holding the whole
    /// image at 16-bit RGBA.
    static func allocationLimit(maximumDimension: Int) -> Int64 {
        let side = Int64(min(maximumDimension, 1 << 24))
        return side * side * 8
    }

    /// A tag of the first image, or its default when the file leaves it out and the specification gives one;
    /// nil when neither. `Value` must be the tag's C type (uint16_t or uint32_t).
    func field<Value: FixedWidthInteger>(_ tag: Int32, as type: Value.Type) -> Value? {
        var value: Value = 0
        let found = withUnsafeMutablePointer(to: &value) { pointer in
            ctiff_get_field_defaulted(library.getFieldDefaulted, handle, UInt32(tag), pointer, nil)
        }
        return found != 0 ? value : nil
    }

    /// The kinds of the samples beyond the colour ones (EXTRASAMPLE_…), empty when there are none.
    var extraSamples: [UInt16] {
        var count: UInt16 = 0
        var kinds: UnsafeMutablePointer<UInt16>? = nil
        let found = withUnsafeMutablePointer(to: &count) { countPointer in
            withUnsafeMutablePointer(to: &kinds) { kindsPointer in
                ctiff_get_field_defaulted(library.getFieldDefaulted, handle, UInt32(TIFFTAG_EXTRASAMPLES), countPointer, kindsPointer)
            }
        }
        guard found != 0, let kinds else { return [] }
        return Array(UnsafeBufferPointer(start: kinds, count: Int(count)))
    }

    static func corrupt(path: String, reader: TIFFMemoryReader) -> ImageFileError {
        ImageFileError(path: path, message: "the TIFF file is truncated or corrupt (libtiff: \(reader.firstError ?? "no reason given"))")
    }
}

import CTIFF
import OperatingSystem

/// The part of libtiff the TIFF reader uses, from the library opened the first time a TIFF is read: most runs
/// read none, and libtiff brings four libraries of its own (Lerc, JBIG, libdeflate, libjpeg) into every process
/// that links it.
struct TIFFFunctions: @unchecked Sendable {
    let allocateOptions: @convention(c) () -> OpaquePointer?
    let freeOptions: @convention(c) (OpaquePointer?) -> Void
    /// The handlers' type takes a va_list, which a Swift C function type cannot spell: they go as addresses.
    let setErrorHandler: @convention(c) (OpaquePointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void
    let setWarningHandler: @convention(c) (OpaquePointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void
    let setMaximumAllocation: @convention(c) (OpaquePointer?, tmsize_t) -> Void
    let clientOpen: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, thandle_t?, TIFFReadWriteProc?, TIFFReadWriteProc?,
                                    TIFFSeekProc?, TIFFCloseProc?, TIFFSizeProc?, TIFFMapFileProc?, TIFFUnmapFileProc?,
                                    OpaquePointer?) -> OpaquePointer?
    let close: @convention(c) (OpaquePointer?) -> Void
    /// `TIFFGetFieldDefaulted`, variadic, so called through `ctiff_get_field_defaulted`.
    let getFieldDefaulted: UnsafeMutableRawPointer
    let readRGBAImage: @convention(c) (OpaquePointer?, UInt32, UInt32, UnsafeMutablePointer<UInt32>?, Int32, Int32) -> Int32
    let isTiled: @convention(c) (OpaquePointer?) -> Int32
    let readEncodedStrip: @convention(c) (OpaquePointer?, UInt32, UnsafeMutableRawPointer?, tmsize_t) -> tmsize_t
    let readTile: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UInt16) -> tmsize_t

    static let loaded: Result<TIFFFunctions, SharedLibraryError> = Result { () throws(SharedLibraryError) in
        let library = SharedLibrary("libtiff.so.6")
        return TIFFFunctions(allocateOptions: try library.function("TIFFOpenOptionsAlloc"),
                             freeOptions: try library.function("TIFFOpenOptionsFree"),
                             setErrorHandler: try library.function("TIFFOpenOptionsSetErrorHandlerExtR"),
                             setWarningHandler: try library.function("TIFFOpenOptionsSetWarningHandlerExtR"),
                             setMaximumAllocation: try library.function("TIFFOpenOptionsSetMaxSingleMemAlloc"),
                             clientOpen: try library.function("TIFFClientOpenExt"),
                             close: try library.function("TIFFClose"),
                             getFieldDefaulted: try library.address(of: "TIFFGetFieldDefaulted"),
                             readRGBAImage: try library.function("TIFFReadRGBAImageOriented"),
                             isTiled: try library.function("TIFFIsTiled"),
                             readEncodedStrip: try library.function("TIFFReadEncodedStrip"),
                             readTile: try library.function("TIFFReadTile"))
    }

    /// The functions, or the error a TIFF file at `path` cannot be read with.
    static func require(for path: String) throws(ImageFileError) -> TIFFFunctions {
        do throws(SharedLibraryError) {
            return try loaded.get()
        } catch {
            throw ImageFileError(path: path, message: "TIFF files cannot be read here: \(error.message)")
        }
    }
}

/// Turns a source's YCbCr frame into RGBA on the thread that delivers it, where the CPU is the place to convert
/// (`FrameConversionSite.cpu`), for a source that links no converter of its own: a camera's session is given one.
public protocol RGBAFrameConversion: Sendable {
    /// Writes the frame stored in `bytes` as `layout` says into `rgba`, tightly packed, and says how it lies;
    /// nil where it does not convert the frame (it is then handed over as stored).
    func convert(_ bytes: UnsafeRawBufferPointer, layout: FrameLayout, into rgba: inout [UInt8]) -> FrameLayout?
}

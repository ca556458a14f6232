/// A failure of the GPU itself or its driver (no display, out of memory, an incomplete framebuffer),
/// as distinct from a problem in the user's files, which is a `Diagnostic`.
public struct GPUError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

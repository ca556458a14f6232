/// Why an ALSA device (capture or playback) could not be used, with ALSA's own reason.
public struct ALSADeviceError: Error, Sendable, CustomStringConvertible {
    public var message: String

    init(device: String, operation: String, code: Int32, alsa: ALSAFunctions) {
        self.init(device: device, operation: operation, reason: alsa.errorText(code).map { String(cString: $0) } ?? "error \(code)")
    }

    init(device: String, operation: String, reason: String) {
        message = "ALSA '\(device)': \(operation): \(reason)"
    }

    public var description: String { message }
}

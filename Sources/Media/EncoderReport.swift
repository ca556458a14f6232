import OperatingSystem

/// What the encoder thread tells the producer: how far it got, what it warns of, and the error that
/// stopped it, which the producer's next call throws.
final class EncoderReport: Sendable {
    private struct Contents {
        var framesWritten = 0
        var warnings: [String] = []
        var failure: MediaError?
    }

    private let contents = Locked(Contents())

    var framesWritten: Int {
        get { contents.withLock { $0.framesWritten } }
        set { contents.withLock { $0.framesWritten = newValue } }
    }

    var warnings: [String] {
        get { contents.withLock { $0.warnings } }
        set { contents.withLock { $0.warnings = newValue } }
    }

    /// The first error only: later ones are its consequences.
    var failure: MediaError? { contents.withLock { $0.failure } }

    func fail(_ error: MediaError) {
        contents.withLock { contents in
            if contents.failure == nil { contents.failure = error }
        }
    }
}

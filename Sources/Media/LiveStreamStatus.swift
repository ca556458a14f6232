/// Where a live stream stands, as its thread last said.
struct LiveStreamStatus: Sendable {
    enum Phase: Sendable {
        case connecting
        case streaming
        /// It delivered, then stopped or failed; its thread is connecting again.
        case lost
    }

    var phase = Phase.connecting
    var framesReceived = 0
    var size: (width: Int, height: Int)?
    var delivery: String?
    /// Why it is not streaming, once it has failed to.
    var reason: String?

    mutating func receive(size: (width: Int, height: Int)) {
        phase = .streaming
        framesReceived += 1
        self.size = size
        reason = nil
    }

    mutating func lose(_ reason: String) {
        if phase == .streaming { phase = .lost }
        self.reason = reason
    }
}

import Foundation

/// Where the date that ShaderToy's `iDate` and ISF's `DATE` report comes from.
public enum DateOrigin: Sendable {
    /// The wall clock in local time, as the site's page reads it: the window.
    case wallClock
    /// `start` plus the frame's time, in UTC: renders, so a frame's pixels never depend on when or where it
    /// was rendered and ranges rendered apart agree.
    case fixed(start: Date)

    /// 2025-01-01 00:00:00 UTC, the moment frame 0 of every render is at.
    public static let renderStart = Date(timeIntervalSince1970: 1_735_689_600)

    /// The date of the frame at `seconds`.
    func date(atFrameSeconds seconds: Double) -> SIMD4<Float> {
        switch self {
        case .wallClock:
            return FrameState.date(at: Date(), in: .current)
        case .fixed(let start):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            return FrameState.date(at: start.addingTimeInterval(seconds), in: calendar)
        }
    }
}

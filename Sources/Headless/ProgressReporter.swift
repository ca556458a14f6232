#if canImport(Glibc)
import Glibc
#endif
import OperatingSystem
import ShaderGraph
import ShaderLanguage

/// Reports progress on long renders: a redrawn bar on a terminal, one plain line per frame otherwise (logs,
/// pipes, CI), both on standard error so standard output stays for results.
public struct ProgressReporter: Sendable {
    public enum Style: Sendable {
        case bar
        case lines
        case silent
    }

    public let style: Style
    private let started: Double

    public init(style: Style) {
        self.style = style
        self.started = Self.now()
    }

    /// A bar when standard error is a terminal, lines otherwise.
    public static func automatic() -> ProgressReporter {
        ProgressReporter(style: StandardStreams.errorIsTerminal ? .bar : .lines)
    }

    /// After `done` of `total` frames, the last written to `path`.
    public func report(done: Int, total: Int, path: String) {
        switch style {
        case .silent: return
        case .lines: StandardStreams.error("frame \(done)/\(total) → \(path)\n")
        case .bar: drawBar(done: done, total: total, label: "")
        }
    }

    /// After `done` of the `total` frames drawn before a range (`FramePlan.framesDrawnBefore`), which are not written.
    public func reportDrawnFirst(done: Int, total: Int) {
        switch style {
        case .silent: return
        case .lines: StandardStreams.error("frame \(done)/\(total) before the range drawn, not written\n")
        case .bar: drawBar(done: done, total: total, label: "before the range ")
        }
    }

    private func drawBar(done: Int, total: Int, label: String) {
        let elapsed = Self.now() - started
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(bar) \(label)\(done)/\(total)  \(Self.format(rate)) frames/s  ETA \(Self.format(remaining)) s "
        StandardStreams.error(done == total ? line + "\n" : line)
    }

    /// Something worth knowing about the render (the format a camera delivers), on a line of its own.
    public func note(_ message: String) {
        guard style != .silent else { return }
        StandardStreams.error((style == .bar ? "\r\u{1B}[K" : "") + message + "\n")
    }

    /// A located problem that does not stop the render (a value clamped into its range), in the
    /// `file:line:col: warning: message` form with the line and a caret.
    public func show(_ diagnostic: Diagnostic) {
        guard style != .silent else { return }
        StandardStreams.error((style == .bar ? "\r\u{1B}[K" : "") + diagnostic.rendered() + "\n")
    }

    /// A problem that does not stop the render (a camera that stopped), on a line of its own, with its code as a
    /// diagnostic's: `warning: message [SB5002]`.
    public func warn(_ message: String, code: DiagnosticCode?) {
        show(.warning(message, code: code))
    }

    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths >= 100 ? String(Int(tenths)) : String(tenths)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

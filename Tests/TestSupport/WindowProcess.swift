import Foundation

/// The real app's window (`shaderbench open …`) on a display of its own, its logs in a folder: what every window
/// test, the soak and the windowed benchmarks start from. Released, the app goes before its display, since a
/// display stopped under a connected client can wedge.
public final class WindowProcess {
    public let display: VirtualDisplay
    public let app: RunningProcess

    /// Opens the window with `arguments` after `open`, in `directory` (its logs there too); the app's environment
    /// is `environment` (the test's own when nil) with DISPLAY set to the new display.
    public init(_ arguments: [String], environment: [String: String]? = nil, directory: String) throws {
        display = try VirtualDisplay()
        var environment = environment ?? ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        app = try RunningProcess(Repository.executable, ["open"] + arguments, environment: environment, directory: directory, logs: directory)
    }

    deinit {
        app.stopNow()
    }
}

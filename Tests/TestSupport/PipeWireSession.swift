import Foundation
import Glibc

/// A private PipeWire session for the tests: a D-Bus session bus, the pipewire daemon and WirePlumber (which
/// links streams to nodes), all in a runtime folder of its own, so nothing reaches a desktop's session. The
/// daemon can be killed and started again; producers and consumers are GStreamer's own elements.
public final class PipeWireSession: @unchecked Sendable {
    public let runtime: TemporaryFolder
    private let bus: Process
    private let busAddress: String
    private var daemon: Process?
    private var manager: Process?
    private let lock = NSLock()

    /// One session per test process, started on first use: starting one costs well under a second, but the
    /// suites that share it need not pay that each.
    public static let shared = Result { try PipeWireSession() }

    public init() throws {
        for tool in ["/usr/bin/pipewire", "/usr/bin/wireplumber", "/usr/bin/dbus-daemon", "/usr/bin/gst-launch-1.0", "/usr/bin/pw-cli"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw TestSupportError("\(tool) is missing (scripts/setup installs pipewire, wireplumber, dbus and gstreamer1.0-pipewire)")
        }
        runtime = try TemporaryFolder()
        chmod(runtime.path, 0o700)
        bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let announcement = Pipe()
        bus.standardOutput = announcement
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        Self.started(bus)
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = announcement.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            printed.append(chunk)
        }
        busAddress = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !busAddress.isEmpty else { throw TestSupportError("dbus-daemon did not say where its bus is") }
        try startDaemon()
    }

    /// The daemon's socket, for clients in this process.
    public var socket: String { runtime.file("pipewire-0") }

    /// The environment a client of this session runs in: the inherited one, pointed at the session's folder.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        environment["PIPEWIRE_REMOTE"] = nil
        environment["PIPEWIRE_DEBUG"] = nil
        return environment
    }

    /// Starts pipewire and WirePlumber and waits until streams can be linked.
    public func startDaemon() throws {
        lock.lock()
        defer { lock.unlock() }
        let daemon = try launch("/usr/bin/pipewire", [], log: "pipewire.log")
        self.daemon = daemon
        // The socket file can be a killed daemon's: only an answer proves this one listens.
        guard waitUntil(timeout: 10, { self.pwCLI(["info", "0"]) != nil }) else {
            throw TestSupportError("pipewire did not answer in \(runtime.path)")
        }
        manager = try launch("/usr/bin/wireplumber", [], log: "wireplumber.log")
        guard waitUntil(timeout: 10, { self.pwCLI(["ls", "Client"])?.contains("WirePlumber") == true }) else {
            throw TestSupportError("WirePlumber did not register with pipewire")
        }
    }

    /// Kills the daemon (SIGKILL, as a crash would) and WirePlumber with it.
    public func killDaemon() {
        lock.lock()
        defer { lock.unlock() }
        for process in [manager, daemon].compactMap({ $0 }) where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        manager = nil
        daemon = nil
    }

    /// A Video/Source node fed by GStreamer's test source in one solid colour (`0xRRGGBB`), at `caps` such as
    /// `video/x-raw,format=YUY2,width=320,height=240,framerate=30/1`, with `encoder` elements between (`jpegenc`
    /// for MJPG); returned once the daemon lists it. A GStreamer producer stalls for a consumer that comes after
    /// another has left, so a test takes a fresh one for each consumer.
    public func testSource(named name: String, caps: String, encoder: String? = nil, colour: UInt32 = 0x3080c0,
                           logs: TemporaryFolder) throws -> RunningProcess {
        let colourArgument = String(format: "foreground-color=0xff%06x", colour)
        var pipeline = ["-q", "videotestsrc", "is-live=true", "pattern=solid-color", colourArgument, "!", caps]
        if let encoder { pipeline += ["!", encoder] }
        pipeline += ["!", "pipewiresink", "mode=provide",
                     "stream-properties=p,media.class=Video/Source,node.name=\(name),node.description=Test-source-\(name)"]
        let producer = try RunningProcess("/usr/bin/gst-launch-1.0", pipeline, environment: environment, directory: runtime.path,
                                          logs: try logs.makeFolder("gst-\(name)-\(UUID().uuidString.prefix(8))"))
        guard waitUntil(timeout: 10, { self.nodeNames().contains(name) }) else {
            throw TestSupportError("GStreamer's producer \(name) did not appear: \(producer.error)")
        }
        return producer
    }

    /// The node names the daemon lists now.
    public func nodeNames() -> [String] {
        guard let listing = pwCLI(["ls", "Node"]) else { return [] }
        return listing.components(separatedBy: "\n").compactMap { line -> String? in
            let parts = line.components(separatedBy: "node.name = \"")
            guard parts.count == 2 else { return nil }
            return parts[1].components(separatedBy: "\"").first
        }
    }

    /// Reads `count` frames from the node `name` through GStreamer's own consumer as `format` and returns the
    /// last frame's bytes, or nil when none came in `timeout` seconds.
    public func readFrames(from name: String, format: String, count: Int = 3, timeout: Double = 20, folder: TemporaryFolder) throws -> [UInt8]? {
        let file = folder.file("consumed-\(UUID().uuidString).raw")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        // Without a media type WirePlumber takes GStreamer's consumer for an unknown stream and unlinks it.
        process.arguments = ["-q", "pipewiresrc", "target-object=\(name)", "stream-properties=p,media.type=Video", "num-buffers=\(count)",
                             "!", "video/x-raw,format=\(format)", "!", "multifilesink", "location=\(file).%d"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout * testTimeScale)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let frames = (0..<count).compactMap { FileManager.default.contents(atPath: "\(file).\($0)") }
        return frames.last.map { [UInt8]($0) }
    }

    private func launch(_ executable: String, _ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let logPath = runtime.file(log)
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: logPath)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
        Self.started(process)
        return process
    }

    /// What pw-cli prints for `arguments`, or nil when it fails (no daemon answers).
    private func pwCLI(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pw-cli")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: printed, as: UTF8.self) : nil
    }

    private func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout * testTimeScale)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    // The shared session lives as long as the test process: its daemons are ended when that exits. Only
    // processes still running are signalled: a pid whose process has gone may already be another's.
    nonisolated(unsafe) private static var children: [Process] = []
    private static let childrenLock = NSLock()

    private static func started(_ process: Process) {
        childrenLock.lock()
        defer { childrenLock.unlock() }
        if children.isEmpty {
            atexit {
                // SIGKILL: dbus-daemon outlives a SIGTERM.
                for child in PipeWireSession.children where child.isRunning { kill(child.processIdentifier, SIGKILL) }
            }
        }
        children.removeAll { !$0.isRunning }
        children.append(process)
    }

    deinit {
        killDaemon()
        if bus.isRunning { kill(bus.processIdentifier, SIGKILL) }
        bus.waitUntilExit()
    }
}

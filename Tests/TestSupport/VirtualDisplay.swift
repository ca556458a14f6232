import Foundation
import Glibc
import Images

/// An Xvfb display of the tests' own, started on a free number and stopped with the value, with
/// screenshots of its whole screen.
public final class VirtualDisplay {
    public let number: Int
    public let width = 1280
    public let height = 800
    private let server: Process

    public var name: String { ":\(number)" }

    public init() throws {
        // Xvfb picks a free display itself and reports it (-displayfd): choosing one here by looking for lock
        // files races with other tests starting displays at the same moment.
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // -noreset: an X server resets when its last client leaves, and the readiness check below is a client.
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let announcement = Pipe()
        server.standardOutput = announcement
        server.standardError = FileHandle.nullDevice
        try server.run()
        var reported = Data()
        while !reported.contains(UInt8(ascii: "\n")) {
            let chunk = announcement.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            reported.append(chunk)
        }
        guard let number = Int(String(decoding: reported, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            stop(server)
            throw TestSupportError("Xvfb did not start (is the xvfb package installed?)")
        }
        self.number = number
        // Only a connection proves the server listens: a socket file can be a dead server's, left behind.
        let deadline = Date().addingTimeInterval(30)
        while !Self.acceptsConnections(socket: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline, server.isRunning else {
                throw TestSupportError("Xvfb :\(number) did not start listening")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Whether a client can connect to the Unix socket at `path` now.
    private static func acceptsConnections(socket path: String) -> Bool {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Runs xdotool on this display (pointer commands such as `mousemove X Y`, key presses, window searches)
    /// and returns what it prints.
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = ["DISPLAY": name]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed, as: UTF8.self)
    }

    /// The colour of the screen's middle pixel, where a window's image is centred.
    public func centre() throws -> (r: UInt8, g: UInt8, b: UInt8) {
        let screen = try screenshot()
        let pixel = screen[screen.width / 2, screen.height / 2]
        return (pixel.r, pixel.g, pixel.b)
    }

    /// The whole screen, top row first.
    public func screenshot() throws -> RGBAImage {
        let path = FileManager.default.temporaryDirectory.path + "/shaderbench-screen-\(number)-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let capture = Process()
        capture.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        capture.arguments = ["-display", name, "-window", "root", path]
        capture.standardOutput = FileHandle.nullDevice
        capture.standardError = FileHandle.nullDevice
        try capture.run()
        capture.waitUntilExit()
        guard capture.terminationStatus == 0 else { throw TestSupportError("import could not capture \(name)") }
        return try ImageFile.read(path: path)
    }

    deinit {
        stop(server)
    }
}

public struct TestSupportError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Ends a process: SIGTERM, then SIGKILL if it has not gone within two seconds, so a wedged child never
/// hangs a test run. Waits even for one that ended by itself: until someone waits, Foundation keeps the
/// process object and what it holds alive.
func stop(_ process: Process) {
    if process.isRunning {
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
}

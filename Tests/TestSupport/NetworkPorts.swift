import Foundation

/// Loopback ports for tests that send streams between processes: one nothing uses, and whether a receiver or
/// server is ready on one, read from the kernel's socket tables rather than slept for.
public enum NetworkPorts {
    /// A UDP port nothing here uses: the one the kernel gives a socket bound to port 0.
    public static func freeUDP() -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a UDP socket is bound to `port` (SRT runs over UDP too): a receiver or listener is ready.
    public static func isBoundUDP(_ port: Int) -> Bool {
        let table = (try? String(contentsOfFile: "/proc/net/udp", encoding: .utf8)) ?? ""
        return table.contains(String(format: ":%04X ", port))
    }

    /// Whether a TCP socket listens on `port`: an RTMP or RTSP server is ready.
    public static func isListeningTCP(_ port: Int) -> Bool {
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        // State 0A is LISTEN.
        return table.split(separator: "\n").contains { $0.contains(String(format: ":%04X ", port)) && $0.contains(" 0A ") }
    }
}

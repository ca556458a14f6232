import Foundation
import PipeWireBridge

/// A PipeWire Video/Source node as `shaderbench devices` lists it: a libcamera camera the desktop exposes, a
/// V4L2 camera PipeWire wraps, or another program's output.
public struct PipeWireCameraDescription: Sendable, Hashable {
    /// A format it offers, at the size and rate it prefers.
    public struct Offer: Sendable, Hashable {
        public var format: PipeWireFormat
        public var width: Int
        public var height: Int
        public var frameRate: Double?
    }

    /// The node's id on the daemon now (reused by others once it goes).
    public var id: UInt32
    /// The node's serial: never reused while the daemon runs.
    public var serial: UInt64
    public var name: String
    public var description: String
    public var offers: [Offer]

    /// How messages name it: its node name, with its description when it has one.
    public var label: String { description.isEmpty || description == name ? name : "\(name) (\(description))" }

    /// Whether `text` (after `pipewire:`) names it: its node name, serial or id exactly, or a part of its
    /// description, ignoring case.
    func isNamed(by text: String) -> Bool {
        if text.isEmpty || name == text { return true }
        if let number = UInt64(text) { return serial == number || UInt64(id) == number }
        return description.localizedCaseInsensitiveContains(text)
    }
}

/// Finds PipeWire cameras on the session's daemon (the one `XDG_RUNTIME_DIR` or `PIPEWIRE_REMOTE` leads to).
public enum PipeWireDiscovery {
    /// Why PipeWire cannot be asked: the library is missing or no daemon answers.
    public struct Unavailable: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
        /// No daemon answers (the library is there).
        public var isNotRunning: Bool
    }

    /// The Video/Source nodes now, in the order the daemon announced them. `remote` is a daemon's socket; nil
    /// for the session's own.
    public static func cameras(remote: String? = nil) throws(Unavailable) -> [PipeWireCameraDescription] {
        var sources = [sbpw_source](repeating: sbpw_source(), count: 32)
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let result = sbpw_list_sources(remote, &sources, Int32(sources.count), &count, &error, error.count)
        if result == -ENOSYS {
            throw Unavailable(description: "PipeWire cameras need libpipewire (Debian: libpipewire-0.3-0): \(Self.text(error))",
                              isNotRunning: false)
        }
        if result < 0, count == 0 {
            throw Unavailable(description: Self.notRunning(errorNumber: -result, remote: remote), isNotRunning: true)
        }
        return sources.prefix(Int(count)).map(Self.description)
    }

    /// The camera `text` names (empty: the first), among those there now; nil when none does.
    public static func find(_ text: String, among cameras: [PipeWireCameraDescription]) -> PipeWireCameraDescription? {
        cameras.first { $0.name == text } ?? cameras.first { $0.isNamed(by: text) }
    }

    static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What to add where no PipeWire camera is found while the process runs in a sandbox (Flatpak, Snap),
    /// which reaches cameras only through the camera portal; nil outside one.
    public static var sandboxNote: String? {
        let environment = ProcessInfo.processInfo.environment
        let sandbox = environment["FLATPAK_ID"] != nil || FileManager.default.fileExists(atPath: "/.flatpak-info") ? "Flatpak"
            : environment["SNAP_NAME"] != nil ? "a Snap" : nil
        return sandbox.map { "this runs inside \($0), where cameras are reached only through the camera portal (xdg-desktop-portal), which the workbench does not ask" }
    }

    /// Words for a connection that failed with `errorNumber`.
    static func notRunning(errorNumber: Int32, remote: String?) -> String {
        let runtime = remote.map { " at \($0)" }
            ?? ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].map { " in \($0)" } ?? " (XDG_RUNTIME_DIR is not set)"
        let words = errorNumber == EHOSTDOWN || errorNumber == ECONNREFUSED || errorNumber == ENOENT
            ? "PipeWire is not running\(runtime)"
            : "PipeWire cannot be reached: \(String(cString: strerror(errorNumber)))"
        return sandboxNote.map { "\(words); \($0)" } ?? words
    }

    private static func description(of source: sbpw_source) -> PipeWireCameraDescription {
        var source = source
        let name = withUnsafeBytes(of: &source.name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        let text = withUnsafeBytes(of: &source.description) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        let offers = withUnsafeBytes(of: &source.offers) { raw in
            Array(raw.bindMemory(to: sbpw_offer.self).prefix(Int(source.offer_count)))
        }.compactMap { offer -> PipeWireCameraDescription.Offer? in
            guard let format = PipeWireFormat(bridge: offer.format) else { return nil }
            let rate = offer.rate_denominator > 0 && offer.rate_numerator > 0
                ? Double(offer.rate_numerator) / Double(offer.rate_denominator) : nil
            return .init(format: format, width: Int(offer.width), height: Int(offer.height), frameRate: rate)
        }
        return PipeWireCameraDescription(id: source.id, serial: source.serial, name: name, description: text, offers: offers)
    }
}

import Foundation

/// A sine tone made by the `ffmpeg` command for the sound tests: as a sound file (`.wav`, `.flac`, …, or a
/// movie's soundtrack), or as raw 16-bit stereo at 48 kHz behind an ALSA configuration whose default
/// capture device reads it, so live capture is tested without a sound card.
public struct TestTone: Sendable {
    public var frequency: Double
    /// Peak amplitude, full scale being 1.
    public var amplitude: Double
    public var seconds: Double
    public var sampleRate = 48_000
    /// Two channels, the tone in both, or in the first alone with the second silent.
    public var silentSecondChannel = false

    public init(frequency: Double, amplitude: Double = 0.5, seconds: Double = 1) {
        self.frequency = frequency
        self.amplitude = amplitude
        self.seconds = seconds
    }

    /// The frequency bin a spectrum of `windowLength` samples puts the tone in.
    public func bin(windowLength: Int) -> Int {
        Int((frequency * Double(windowLength) / Double(sampleRate)).rounded())
    }

    /// Writes the tone to `path`; its extension picks the format (`.raw` is headerless 16-bit little-endian).
    public func write(to path: String) throws {
        let tone = "\(amplitude)*sin(2*PI*\(frequency)*t)"
        let source = "aevalsrc=\(tone)|\(silentSecondChannel ? "0" : tone):s=\(sampleRate):d=\(seconds)"
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source]
        if path.hasSuffix(".raw") { arguments += ["-f", "s16le"] }
        let result = try runProcess("/usr/bin/ffmpeg", arguments + [path], in: FileManager.default.currentDirectoryPath)
        guard result.status == 0 else {
            throw TestClipError(message: "ffmpeg failed (\(result.status)): \(result.error)")
        }
    }

    /// An ALSA configuration (for `ALSA_CONFIG_PATH`) whose default device captures the raw file at
    /// `rawPath`: the file plugin reads it in place of its slave, a null device that swallows what is played.
    public static func alsaConfiguration(readingRaw rawPath: String) -> String {
        """
        pcm.!default {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(rawPath)"
            format "raw"
        }

        """
    }

    /// An ALSA configuration (for `ALSA_CONFIG_PATH`) whose default device plays into the raw file at
    /// `rawPath` (16-bit little-endian, interleaved as played): the file plugin writes what it is given before
    /// passing it to a null device. `PlayedSound` reads it back.
    public static func alsaConfiguration(writingRaw rawPath: String) -> String {
        """
        pcm.!default {
            type file
            slave.pcm { type null }
            file "\(rawPath)"
            format "raw"
        }

        """
    }

    /// An ALSA configuration (for `ALSA_CONFIG_PATH`) that defines no device at all, as on a machine
    /// without a sound card.
    public static let alsaConfigurationWithoutDevices = "# no devices\n"

    /// Puts `configuration` at `path` in one step, by renaming a complete file over it: ALSA reads a changed
    /// configuration again the next time a device is opened, and must never see half of one.
    public static func replaceALSAConfiguration(at path: String, with configuration: String) throws {
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

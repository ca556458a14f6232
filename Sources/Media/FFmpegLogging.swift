import CFFmpeg
import Foundation
import OperatingSystem

/// FFmpeg prints to standard error at its default level (info): encoders' banners and statistics, and its
/// own words for problems. The terminal is for the workbench's messages, so FFmpeg's warnings and errors are
/// printed as the workbench prints its warnings, naming the part of FFmpeg that spoke (`warning: libx264:
/// …`), each line once, and the rest is dropped, unless the program asked for another level. Encoder
/// libraries that print for themselves are asked to keep quiet.
enum FFmpegLogging {
    /// A damaged movie's decoder can complain of every block; past this many lines the rest are not shown.
    static let mostLines = 20

    private struct Printed {
        var lines: Set<String> = []
        /// A line FFmpeg has begun but not ended.
        var partial = ""
    }

    private static let printed = Locked(Printed())
    /// FFmpeg's words for a call its interrupt callback ended: the workbench ended it (a stream stopped, or
    /// given up while connecting) and says so itself.
    private static let exitText = MediaError.text(of: cffmpeg_error_exit())

    /// Routes FFmpeg's messages through the workbench; every use of FFmpeg calls this first.
    static func quiet() {
        _ = routed
    }

    private static let routed: Void = {
        guard av_log_get_level() == AV_LOG_INFO else { return }
        av_log_set_level(AV_LOG_WARNING)
        av_log_set_callback { context, level, format, arguments in
            FFmpegLogging.log(context: context, level: level, format: format, arguments: arguments)
        }
        // SVT-AV1 prints its banner, settings and errors itself; 0 keeps it to fatal ones, its errors reaching
        // the terminal through FFmpeg's. A user's own setting stays.
        setenv("SVT_LOG", "0", 0)
    }()

    private static func log(context: UnsafeMutableRawPointer?, level: Int32, format: UnsafePointer<CChar>?,
                            arguments: CVaListPointer?) {
        guard level <= av_log_get_level(), let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 1024)
        var printPrefix: Int32 = 0
        av_log_format_line2(context, level, format, arguments, &buffer, Int32(buffer.count), &printPrefix)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let speaker = name(of: context)
        let shown: String? = printed.withLock { printed in
            printed.partial += text
            guard printed.partial.hasSuffix("\n") else { return nil }
            let line = printed.partial.trimmingCharacters(in: .whitespacesAndNewlines)
            printed.partial = ""
            guard !line.isEmpty, !line.hasSuffix(exitText), printed.lines.count <= mostLines, printed.lines.insert(line).inserted else { return nil }
            let prefix = speaker.map { "warning: \($0): " } ?? "warning: FFmpeg: "
            return printed.lines.count > mostLines ? "warning: FFmpeg: further messages are not shown\n" : prefix + line + "\n"
        }
        if let shown { StandardStreams.error(shown) }
    }

    /// The name of what logged through `context` ("libx264", "mov"), from its AVClass: the first of a
    /// demuxer's names ("mov,mp4,m4a,…").
    private static func name(of context: UnsafeMutableRawPointer?) -> String? {
        guard let context, let avClass = context.assumingMemoryBound(to: UnsafePointer<AVClass>?.self).pointee,
              let itemName = avClass.pointee.item_name, let name = itemName(context) else { return nil }
        return String(cString: name).split(separator: ",").first.map(String.init)
    }
}

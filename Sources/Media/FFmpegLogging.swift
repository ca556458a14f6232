import CFFmpeg

/// FFmpeg prints to standard error at its default level (info): encoder statistics, and its own words for
/// every problem the workbench already reports with the file and line. The terminal is for the user's
/// diagnostics, so FFmpeg keeps to fatal messages, unless the program asked for another level.
enum FFmpegLogging {
    static func quiet() {
        if av_log_get_level() == AV_LOG_INFO {
            av_log_set_level(AV_LOG_FATAL)
        }
    }
}

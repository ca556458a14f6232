/// The GLSL an instrumented shader is given to record a watched expression (`WatchInstrumentation`).
enum WatchSupportFile {
    static var lines: [String] {
        String(decoding: PackageResources.watch_support_frag_glsl, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

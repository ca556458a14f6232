/// The protocol a stream's URL names (`srt` in `srt://host:9000?mode=caller`), lowercased: what decides the
/// container a stream is sent in and the options it is opened with, sending or receiving.
enum StreamURL {
    static func scheme(of url: String) -> String? {
        url.range(of: "://").map { url[..<$0.lowerBound].lowercased() }
    }
}

extension MovieReader {
    /// Reads every packet of the file without decoding and reports a file that is cut short or unreadable
    /// part of the way through, for `shaderbench check`: opening only reads the start of a file.
    public func verify() throws(MediaError) {
        let demuxer = try MovieDemuxer(path: path)
        let scan = demuxer.scanVideoPackets()
        let frameInterval = info.frameRate > 0 ? 1 / info.frameRate : 1.0 / 30
        if let failure = scan.failure {
            throw MediaError("\(path): cannot read the file after \(PlaybackEnding.format(scan.end ?? 0)) s: \(failure)")
        }
        guard let end = scan.end else { throw MediaError("\(path): has no video frames") }
        if let stated = demuxer.statedDuration,
           end < stated - max(MovieDecodeLoop.truncationSlack, 2 * frameInterval) {
            throw MediaError(PlaybackEnding.truncated(reachedEnd: end, stated: stated).message(path: path, at: end))
        }
    }
}

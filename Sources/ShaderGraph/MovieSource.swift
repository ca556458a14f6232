import ShaderLanguage

/// A movie file node: which file, and how its timeline follows the composition's clock.
public struct MovieSource: Sendable, Hashable {
    /// The file's path, resolved against the composition's folder, or a network stream's URL as written.
    public var file: String
    /// Whether it starts again after its last frame (otherwise the last frame stays).
    public var loop: Bool
    /// Seconds of movie per second of composition time.
    public var speed: Double
    /// The movie's moment shown at composition time 0, in seconds.
    public var start: Double
    /// Where the file is named, for errors about it.
    public var location: SourceLocation
    /// Keys for the movie's moment (`animate: { NODE.time: … }`), which then stand for `start` and `speed`:
    /// ramps, holds and scrubbing back.
    public var timeCurve: KeyedCurve?

    public init(file: String, loop: Bool = true, speed: Double = 1, start: Double = 0, location: SourceLocation) {
        self.file = file
        self.loop = loop
        self.speed = speed
        self.start = start
        self.location = location
    }

    /// Whether `file` is a live network stream (`srt://`, `udp://`, …): its newest frame shows, whatever the time.
    public var isStream: Bool { NetworkStream.isStream(file) }

    /// The movie's moment shown at composition time `seconds`, for a movie `duration` seconds long: wrapped
    /// round when it loops, held at the end when it does not, never before its first frame.
    public func movieTime(at seconds: Double, duration: Double?) -> Double {
        let moment = moment(at: seconds)
        guard let duration, duration > 0 else { return max(moment, 0) }
        if loop {
            let wrapped = moment.truncatingRemainder(dividingBy: duration)
            return wrapped < 0 ? wrapped + duration : wrapped
        }
        return min(max(moment, 0), duration)
    }

    /// The movie's moment at composition time `seconds` before it is wrapped or held: its keys' value where
    /// its time is keyed, else from its start at its speed.
    public func moment(at seconds: Double) -> Double {
        timeCurve.map { Double($0.value(at: seconds).first ?? 0) } ?? start + seconds * speed
    }

    /// Whether keys hold the movie's time still at `seconds` (a pause its curve makes), so nothing is heard.
    public func isKeyedStill(at seconds: Double) -> Bool {
        guard let timeCurve else { return false }
        return timeCurve.value(at: seconds) == timeCurve.value(at: seconds + Self.stillnessProbe)
    }

    /// How far ahead `isKeyedStill` looks: a millisecond, shorter than any sound's change a key could make.
    static let stillnessProbe = 0.001

    /// Whether a movie that does not loop is held at its end at `moment` (as `movieTime` gives it): no later
    /// frame comes.
    public func isHeld(at moment: Double, duration: Double?) -> Bool {
        guard !loop, let duration, duration > 0 else { return false }
        return moment >= duration
    }

    /// Nodes that play the same file the same way share one decoder; a reload keeps it. Where the node
    /// is written does not matter.
    public static func == (a: MovieSource, b: MovieSource) -> Bool {
        a.file == b.file && a.loop == b.loop && a.speed == b.speed && a.start == b.start && a.timeCurve == b.timeCurve
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(loop)
        hasher.combine(speed)
        hasher.combine(start)
        hasher.combine(timeCurve)
    }
}

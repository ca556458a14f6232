import VideoFrames

/// What a key's written time is counted in: seconds always, frames at the composition's `rate:`, beats at its
/// `tempo:`. Every time becomes seconds when the composition is read, so a curve plays the same whatever rate a
/// run steps at; a frame's seconds are the arithmetic `render` uses for frame N (`FrameRate.seconds(ofFrame:)`),
/// so a key at `90f` falls exactly on frame 90.
struct KeyClock {
    var rate: FrameRate?
    var tempo: Double?

    enum Unit: Character {
        case seconds = "s", frames = "f", beats = "b"
    }

    /// Seconds for `count` of `unit` (frames whole); nil when the composition lacks the rate or tempo that unit
    /// needs.
    func seconds(_ count: Double, in unit: Unit) -> Double? {
        switch unit {
        case .seconds:
            return count
        case .frames:
            guard let rate else { return nil }
            return rate.seconds(ofFrame: Int(count))
        case .beats:
            guard let tempo else { return nil }
            return count * 60 / tempo
        }
    }
}

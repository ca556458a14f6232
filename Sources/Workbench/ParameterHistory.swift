/// Undo and redo for tuned parameters. One gesture (a slider dragged from press to release, a point dragged
/// over the image) is one step, however many values it went through.
struct ParameterHistory {
    struct Change: Equatable {
        /// `node.uniform`.
        var parameter: String
        var before: [Float]
        var after: [Float]
    }

    private var done: [Change] = []
    private var undone: [Change] = []
    private var gestureOpen = false

    /// Records that `parameter` went from `before` to `after`. While a gesture is open on the same
    /// parameter, the change extends the last step instead of adding one.
    mutating func record(_ parameter: String, from before: [Float], to after: [Float], gestureContinues: Bool) {
        undone.removeAll()
        if gestureOpen, let last = done.last, last.parameter == parameter {
            done[done.count - 1].after = after
        } else {
            done.append(Change(parameter: parameter, before: before, after: after))
        }
        gestureOpen = gestureContinues
    }

    /// The control or point was let go: the next change is a step of its own.
    mutating func endGesture() {
        gestureOpen = false
    }

    /// The step to take back (set its parameter to `before`), if any.
    mutating func undo() -> Change? {
        gestureOpen = false
        guard let change = done.popLast() else { return nil }
        undone.append(change)
        return change
    }

    /// The step to take again (set its parameter to `after`), if any.
    mutating func redo() -> Change? {
        gestureOpen = false
        guard let change = undone.popLast() else { return nil }
        done.append(change)
        return change
    }

    mutating func removeAll() {
        done.removeAll()
        undone.removeAll()
        gestureOpen = false
    }
}

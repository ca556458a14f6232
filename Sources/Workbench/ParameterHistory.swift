import ShaderGraph

/// Undo and redo for tuned parameters, edited keys and edits of the graph, in one history. One gesture (a slider dragged from press
/// to release, a point dragged over the image, a key dragged on the timeline) is one step, however many values it
/// went through, and so is a recorded take, whatever it keyed.
struct ParameterHistory {
    struct Change: Equatable {
        /// `node.uniform`.
        var parameter: String
        var before: [Float]
        var after: [Float]
    }

    /// The keys of parameters (`node.uniform`) before and after an edit; no keys is a parameter not keyed.
    struct KeysChange: Equatable {
        var before: [String: [Keyframe]]
        var after: [String: [Keyframe]]
    }

    /// A composition's text before and after an edit of its graph.
    struct TextChange: Equatable {
        var path: String
        var before: String
        var after: String
        /// A file the change wrote beside it (a new node's starter shader): taken out with it, put back with it.
        var created: CreatedFile?
    }

    struct CreatedFile: Equatable {
        var path: String
        var text: String
    }

    enum Step: Equatable {
        case value(Change)
        case keys(KeysChange)
        case text(TextChange)
    }

    private var done: [Step] = []
    private var undone: [Step] = []
    private var gestureOpen = false

    /// Records that `parameter` went from `before` to `after`. While a gesture is open on the same
    /// parameter, the change extends the last step instead of adding one.
    mutating func record(_ parameter: String, from before: [Float], to after: [Float], gestureContinues: Bool) {
        undone.removeAll()
        if gestureOpen, case .value(var last)? = done.last, last.parameter == parameter {
            last.after = after
            done[done.count - 1] = .value(last)
        } else {
            done.append(.value(Change(parameter: parameter, before: before, after: after)))
        }
        gestureOpen = gestureContinues
    }

    /// Records an edit of keys; while a gesture is open on the same parameters, it extends the last step.
    mutating func recordKeys(from before: [String: [Keyframe]], to after: [String: [Keyframe]], gestureContinues: Bool) {
        undone.removeAll()
        if gestureOpen, case .keys(var last)? = done.last, Set(last.after.keys) == Set(after.keys) {
            last.after = after
            done[done.count - 1] = .keys(last)
        } else {
            done.append(.keys(KeysChange(before: before, after: after)))
        }
        gestureOpen = gestureContinues
    }

    /// Records an edit of the graph, a step of its own.
    mutating func recordText(path: String, from before: String, to after: String, creating created: CreatedFile? = nil) {
        undone.removeAll()
        done.append(.text(TextChange(path: path, before: before, after: after, created: created)))
        gestureOpen = false
    }

    /// The control or point was let go: the next change is a step of its own.
    mutating func endGesture() {
        gestureOpen = false
    }

    /// The step to take back (set its parameter to `before`), if any.
    mutating func undo() -> Step? {
        gestureOpen = false
        guard let step = done.popLast() else { return nil }
        undone.append(step)
        return step
    }

    /// The step to take again (set its parameter to `after`), if any.
    mutating func redo() -> Step? {
        gestureOpen = false
        guard let step = undone.popLast() else { return nil }
        done.append(step)
        return step
    }

    mutating func removeAll() {
        done.removeAll()
        undone.removeAll()
        gestureOpen = false
    }
}

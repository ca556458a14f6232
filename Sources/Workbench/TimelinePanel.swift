import Foundation
import Overlay
import ShaderGraph

/// The timeline (T), along the bottom of the image: the playhead and its time, play/pause, a frame back or on, a
/// loop region, and a lane per parameter of the node shown with its keyed curve and keys. Dragging in the ruler
/// or a lane's empty part scrubs; dragging a key moves it in time and value; K adds a key at the playhead to the
/// lane under the pointer, E changes the selected key's interpolation, Delete removes it.
final class TimelinePanel {
    var isOpen = false
    /// The span the clock plays again and again, set from the playhead.
    private(set) var loop: ClosedRange<Double>?
    private let trace: TraceWriter?

    /// A lane as last drawn: the parameter, where its curve is, and its numbers' ranges.
    private struct Lane {
        var parameter: TunableParameter
        var geometry: TimelineGeometry
        var ranges: [ClosedRange<Float>]
    }

    private var lanes: [Lane] = []
    private var ruler = InterfaceRectangle(x: 0, y: 0, width: 0, height: 0)
    private var tracedGeometry: [TimelineGeometry] = []
    /// The parameter (`node.uniform`) whose lane the pointer is over.
    private var hovered: String?
    /// The key last pressed: the one E and Delete act on.
    private var selected: (parameter: String, index: Int)?
    private var dragging: Drag?
    private var wasPressed = false

    private enum Drag {
        case scrub
        case key(parameter: String, index: Int, component: Int)
    }

    static let toolbarHeight: Float = 34
    static let rulerHeight: Float = 14
    static let laneHeight: Float = 48
    static let laneGap: Float = 8
    static let margin: Float = 12
    static let shownLanes = 4
    /// How near a key's mark a press takes the key, in interface units before scaling.
    static let reach: Float = 7

    init(trace: TraceWriter?) {
        self.trace = trace
    }

    /// Whether a key is being dragged or the playhead scrubbed: one gesture until the release.
    var isDragging: Bool { dragging != nil }

    /// The height the timeline takes at the bottom of the image, in interface units.
    func height(lanes count: Int, scale: Float) -> Float {
        (Self.toolbarHeight + Self.rulerHeight + Float(max(1, count)) * (Self.laneHeight + Self.laneGap) + Self.laneGap) * scale
    }

    /// The parameters shown: those of the node shown that nothing wires, published or keyed, the first few.
    private func shownParameters(_ session: LiveSession) -> [TunableParameter] {
        Array(session.keyableParameters.filter { $0.reference.node == session.shownNode && !$0.isWired }.prefix(Self.shownLanes))
    }

    func draw(_ session: LiveSession, clock: inout SessionClock, recording: Bool, in interface: InterfaceContext, layout: WindowLayout) {
        let scale = interface.scale
        let parameters = shownParameters(session)
        let height = self.height(lanes: parameters.count, scale: scale)
        let top = layout.height - height
        let width = layout.imageAreaWidth
        let lastKey = parameters.compactMap { session.keys(of: $0).last?.time }.max()
        let span = TimelineGeometry.span(duration: session.loadedComposition?.duration, lastKey: lastKey)
        let laneX = Self.margin * scale, laneWidth = max(1, width - 2 * Self.margin * scale)
        ruler = InterfaceRectangle(x: laneX, y: top + Self.toolbarHeight * scale, width: laneWidth, height: Self.rulerHeight * scale)
        lanes = parameters.enumerated().map { index, parameter in
            let y = ruler.y + ruler.height + Self.laneGap * scale + Float(index) * (Self.laneHeight + Self.laneGap) * scale
            return Lane(parameter: parameter,
                        geometry: TimelineGeometry(lane: InterfaceRectangle(x: laneX, y: y, width: laneWidth, height: Self.laneHeight * scale), span: span),
                        ranges: parameter.componentRanges)
        }
        traceGeometry()
        interface.window("timeline", x: 0, y: top, size: (width, height), style: .panel) {
            interface.text(String(format: "%.3f s", clock.seconds), colour: InterfacePalette.amber)
            interface.sameLine()
            if interface.button(clock.isPaused ? "Play" : "Pause", small: true) { clock.togglePause() }
            interface.sameLine()
            if interface.button("< frame", small: true) { clock.shift(by: -session.frameStep) }
            interface.sameLine()
            if interface.button("frame >", small: true) { clock.shift(by: session.frameStep) }
            interface.sameLine()
            if interface.button("loop from here", small: true) { setLoop(start: clock.seconds, end: loop?.upperBound ?? span.upperBound) }
            interface.sameLine()
            if interface.button("loop to here", small: true) { setLoop(start: loop?.lowerBound ?? 0, end: clock.seconds) }
            if loop != nil {
                interface.sameLine()
                if interface.button("no loop", small: true) { loop = nil }
            }
            if recording {
                interface.sameLine()
                interface.text("recording keys", colour: InterfacePalette.recording)
            }
        }
        drawMarks(session, seconds: clock.seconds, span: span, in: interface)
    }

    private func drawMarks(_ session: LiveSession, seconds: Double, span: ClosedRange<Double>, in interface: InterfaceContext) {
        let scale = interface.scale
        guard let first = lanes.first?.geometry ?? Optional(TimelineGeometry(lane: ruler, span: span)) else { return }
        let bottom = (lanes.last?.geometry.lane).map { $0.y + $0.height } ?? ruler.y + ruler.height
        // Whole seconds along the ruler.
        var tick = span.lowerBound.rounded(.up)
        while tick <= span.upperBound {
            let x = first.x(of: tick)
            interface.line(from: (x, ruler.y + ruler.height / 2), to: (x, ruler.y + ruler.height), colour: InterfacePalette.grey, thickness: scale)
            tick += 1
        }
        interface.line(from: (ruler.x, ruler.y + ruler.height), to: (ruler.x + ruler.width, ruler.y + ruler.height),
                       colour: InterfacePalette.grey, thickness: scale)
        if let loop {
            for edge in [loop.lowerBound, loop.upperBound] {
                let x = first.x(of: edge)
                interface.line(from: (x, ruler.y), to: (x, bottom), colour: InterfacePalette.grey, thickness: 2 * scale)
            }
        }
        let colours = [InterfacePalette.white, InterfacePalette.red, InterfaceColour(red: 0.45, green: 0.9, blue: 0.45),
                       InterfaceColour(red: 0.45, green: 0.65, blue: 1)]
        for lane in lanes {
            let name = lane.parameter.reference.description
            let area = lane.geometry.lane
            interface.label(lane.parameter.reference.uniform, x: area.x + 2 * scale, y: area.y, colour: InterfacePalette.grey, clip: area)
            interface.line(from: (area.x, area.y + area.height), to: (area.x + area.width, area.y + area.height),
                           colour: InterfaceColour(red: 0.4, green: 0.4, blue: 0.45), thickness: scale)
            let keys = session.keys(of: lane.parameter)
            guard !keys.isEmpty else { continue }
            let curve = KeyedCurve(keys: keys, rounding: KeyEdits.rounding(of: lane.parameter))
            let step = 3 * scale
            for component in keys[0].value.indices {
                let range = lane.ranges.indices.contains(component) ? lane.ranges[component] : 0...1
                let colour = colours[component % colours.count]
                var previous: (x: Float, y: Float)?
                var x = area.x
                while x <= area.x + area.width {
                    let value = curve.value(at: lane.geometry.seconds(at: x))
                    let point = (x: x, y: lane.geometry.y(of: value.indices.contains(component) ? value[component] : 0, range: range))
                    if let previous { interface.line(from: previous, to: point, colour: colour, thickness: 1.5 * scale) }
                    previous = point
                    x += step
                }
                for (index, key) in keys.enumerated() {
                    let isSelected = selected.map { $0.parameter == name && $0.index == index } ?? false
                    interface.ring(x: lane.geometry.x(of: key.time), y: lane.geometry.y(of: key.value[component], range: range),
                                   radius: (isSelected ? 6 : 4) * scale, colour: isSelected ? InterfacePalette.amber : colour, thickness: 2 * scale)
                }
            }
        }
        let playhead = first.x(of: min(max(seconds, span.lowerBound), span.upperBound))
        interface.line(from: (playhead, ruler.y), to: (playhead, bottom), colour: InterfacePalette.amber, thickness: 2 * scale)
    }

    private func setLoop(start: Double, end: Double) {
        loop = start < end ? start...end : nil
        trace?.record("timeline-loop", ["start": .number(loop?.lowerBound ?? 0), "end": .number(loop?.upperBound ?? 0)])
    }

    /// Past the loop's end while playing, the clock goes back to its start.
    func keepInLoop(_ clock: inout SessionClock) {
        guard isOpen, let loop, !clock.isPaused, clock.seconds > loop.upperBound else { return }
        let over = (clock.seconds - loop.lowerBound).truncatingRemainder(dividingBy: loop.upperBound - loop.lowerBound)
        clock.shift(by: loop.lowerBound + over - clock.seconds)
    }

    private func traceGeometry() {
        let geometry = lanes.map(\.geometry) + [TimelineGeometry(lane: ruler, span: lanes.first?.geometry.span ?? 0...1)]
        guard geometry != tracedGeometry, let trace else { return }
        tracedGeometry = geometry
        func record(_ event: String, _ name: String, _ rectangle: InterfaceRectangle, _ span: ClosedRange<Double>) {
            trace.record(event, ["parameter": .string(name), "x": .number(Double(rectangle.x)), "y": .number(Double(rectangle.y)),
                                 "width": .number(Double(rectangle.width)), "height": .number(Double(rectangle.height)),
                                 "start": .number(span.lowerBound), "end": .number(span.upperBound)])
        }
        record("timeline-ruler", "", ruler, geometry.last?.span ?? 0...1)
        for lane in lanes { record("timeline-lane", lane.parameter.reference.description, lane.geometry.lane, lane.geometry.span) }
    }

    // MARK: The pointer

    /// Takes a pointer event (framebuffer pixels); true when the timeline took it (a scrub, a key), so neither
    /// the image nor the interface's other windows see it.
    func pointer(x: Double, y: Double, pressed: Bool, session: LiveSession, clock: inout SessionClock, layout: WindowLayout, scale: Float) -> Bool {
        defer { wasPressed = pressed }
        let point = layout.units(x: x, y: y)
        hovered = lanes.first { $0.geometry.contains(x: point.x, y: point.y) }?.parameter.reference.description
        if let drag = dragging {
            switch drag {
            case .scrub:
                scrub(to: point.x, clock: &clock)
            case .key(let name, let index, let component):
                guard let lane = lanes.first(where: { $0.parameter.reference.description == name }) else { break }
                let keys = session.keys(of: lane.parameter)
                guard keys.indices.contains(index) else { break }
                var value = keys[index].value
                let range = lane.ranges.indices.contains(component) ? lane.ranges[component] : 0...1
                value[component] = Self.held(lane.geometry.value(at: point.y, range: range), for: lane.parameter)
                let time = KeyEditing.rounded(lane.geometry.seconds(at: point.x))
                session.setKeys([name: KeyEditing.moving(index, in: keys, to: time, value: value)], gestureContinues: pressed)
            }
            if !pressed {
                session.endGesture()
                dragging = nil
            }
            return true
        }
        guard pressed, !wasPressed else { return false }
        let rulerArea = TimelineGeometry(lane: ruler, span: 0...1)
        if rulerArea.contains(x: point.x, y: point.y) {
            dragging = .scrub
            scrub(to: point.x, clock: &clock)
            return true
        }
        guard let lane = lanes.first(where: { $0.geometry.contains(x: point.x, y: point.y) }) else { return false }
        let name = lane.parameter.reference.description
        if let near = lane.geometry.key(near: point, in: session.keys(of: lane.parameter), ranges: lane.ranges, reach: Self.reach * scale) {
            selected = (name, near.index)
            dragging = .key(parameter: name, index: near.index, component: near.component)
            trace?.record("timeline-key-selected", ["parameter": .string(name), "index": .integer(near.index)])
        } else {
            selected = nil
            dragging = .scrub
            scrub(to: point.x, clock: &clock)
        }
        return true
    }

    private func scrub(to x: Float, clock: inout SessionClock) {
        guard let geometry = lanes.first?.geometry ?? Optional(TimelineGeometry(lane: ruler, span: 0...1)) else { return }
        let seconds = geometry.seconds(at: x)
        clock.shift(by: seconds - clock.seconds)
        trace?.record("timeline-scrubbed", ["seconds": .number(seconds)])
    }

    /// A dragged number as the parameter takes it: whole for ints, 0 or 1 for bools.
    private static func held(_ value: Float, for parameter: TunableParameter) -> Float {
        switch KeyEdits.rounding(of: parameter) {
        case .none: value
        case .whole: value.rounded()
        case .steps: value.rounded()
        }
    }

    // MARK: What its keys do

    /// K: a key at the playhead on the lane under the pointer (else the selected key's, else the first), with
    /// the parameter's value as the panel has it.
    func addKey(_ session: LiveSession, seconds: Double) -> String {
        guard let lane = lanes.first(where: { $0.parameter.reference.description == (hovered ?? selected?.parameter) }) ?? lanes.first else {
            return "no parameter of this node to key"
        }
        guard let value = session.value(of: lane.parameter) else { return "\(lane.parameter.reference) has no value to key" }
        let name = lane.parameter.reference.description
        let key = Keyframe(time: KeyEditing.rounded(seconds), value: value)
        let keys = KeyEditing.adding(key, to: session.keys(of: lane.parameter))
        session.setKeys([name: keys], gestureContinues: false)
        selected = keys.firstIndex(of: key).map { (name, $0) }
        return "key at \(KeyText.seconds(key.time)) s on \(name)"
    }

    /// Delete: removes the selected key.
    func deleteSelected(_ session: LiveSession) -> String {
        guard let (name, index) = selected, let lane = lanes.first(where: { $0.parameter.reference.description == name }) else {
            return "no key selected: click one"
        }
        let keys = session.keys(of: lane.parameter)
        guard keys.indices.contains(index) else { return "no key selected: click one" }
        session.setKeys([name: KeyEditing.removing(index, from: keys)], gestureContinues: false)
        selected = nil
        return "key deleted from \(name)"
    }

    /// E: the selected key's segment goes on to the next interpolation.
    func cycleInterpolation(_ session: LiveSession) -> String {
        guard let (name, index) = selected, let lane = lanes.first(where: { $0.parameter.reference.description == name }) else {
            return "no key selected: click one"
        }
        let keys = session.keys(of: lane.parameter)
        guard keys.indices.contains(index) else { return "no key selected: click one" }
        let next = KeyEditing.next(after: keys[index].interpolation)
        session.setKeys([name: KeyEditing.interpolating(index, in: keys, as: next)], gestureContinues: false)
        return "\(name): \(next.word) after the key at \(KeyText.seconds(keys[index].time)) s"
    }
}

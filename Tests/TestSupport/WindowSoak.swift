import Foundation

/// A long run of the real window on an emulated camera, reloading in every way an author does and
/// unplugging the camera now and then, while the window reports what it holds after each reload (the trace's
/// `resources` events). Reloads go round a cycle of edits, so two readings at the same point of two cycles
/// describe the same graph in the same state: after warm-up they must be equal.
public struct WindowSoak {
    public struct Settings: Sendable {
        public var reloads: Int
        /// Camera unplug-and-replug cycles, spread evenly over the reloads.
        public var unplugs: Int
        /// The run goes on, reloading, until the window has presented at least this many frames.
        public var minimumFrames: Int

        public init(reloads: Int, unplugs: Int, minimumFrames: Int = 0) {
            self.reloads = reloads
            self.unplugs = unplugs
            self.minimumFrames = minimumFrames
        }
    }

    /// What the window held after the first frame of one reload's outcome.
    public struct Reading: Sendable {
        public var reload: Int
        /// The reload's place in the cycle of edits.
        public var phase: Int
        /// GL objects by kind, and open descriptors.
        public var held: [String: Int]
        public var residentBytes: Int
    }

    public struct Report: Sendable {
        public var readings: [Reading]
        public var frames: Int
        public var unplugs: Int
        public var seconds: Double

        /// Readings from the first cycle on, which are the warm-up, left out.
        public func afterWarmUp(cycles: Int = 2) -> [Reading] {
            readings.filter { $0.reload >= cycles * WindowSoak.cycle.count }
        }

        /// Each later reading that holds anything other than the first reading at its phase after warm-up:
        /// one line each, empty when nothing grew or shrank.
        public var changesInWhatIsHeld: [String] {
            var first: [Int: Reading] = [:]
            var changes: [String] = []
            for reading in afterWarmUp() {
                guard let reference = first[reading.phase] else {
                    first[reading.phase] = reading
                    continue
                }
                if reading.held != reference.held {
                    let differing = reading.held.keys.sorted().filter { reading.held[$0] != reference.held[$0] }
                        .map { "\($0) \(reference.held[$0] ?? 0) → \(reading.held[$0] ?? 0)" }
                    changes.append("reload \(reading.reload) (\(WindowSoak.cycle[reading.phase].name)): \(differing.joined(separator: ", "))")
                }
            }
            return changes
        }

        /// Resident memory at the last reading against the first after warm-up, at the same phase.
        public var residentGrowth: Int {
            let settled = afterWarmUp()
            guard let first = settled.first, let last = settled.last(where: { $0.phase == first.phase }) else { return 0 }
            return last.residentBytes - first.residentBytes
        }
    }

    /// One edit of the cycle: which file gets which text.
    struct Edit {
        var name: String
        var file: String
        var text: String
    }

    static func shader(_ red: String) -> String {
        """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate) * vec4(\(red), 1.0, 1.0, 1.0); }
        """
    }

    static func composition(extraNode: Bool) -> String {
        """
        nodes:
          camera: { kind: camera, device: auto, size: [640, 480] }
          tint: { kind: shader, file: tint.fsh, inputs: { inputImageTexture: camera } }
        \(extraNode ? "  blur: { kind: shader, filter: box-blur, inputs: { inputImageTexture: tint } }\n" : "")\
        output: \(extraNode ? "blur" : "tint")
        """
    }

    /// A good save, a broken one, a fix, a node added to the composition, and taken out again.
    static let cycle = [
        Edit(name: "good save", file: "tint.fsh", text: shader("0.9")),
        Edit(name: "broken save", file: "tint.fsh", text: shader("0.9") + "\nthis does not compile"),
        Edit(name: "fixed save", file: "tint.fsh", text: shader("0.8")),
        Edit(name: "node added", file: "soak.yaml", text: composition(extraNode: true)),
        Edit(name: "node removed", file: "soak.yaml", text: composition(extraNode: false)),
    ]

    /// Runs the window through `settings` and returns what it held along the way.
    public static func run(_ settings: Settings) throws -> Report {
        let camera = try EmulatedCamera(devices: EmulatedCamera.standardDevice.replacingOccurrences(of: "fps = 30", with: "fps = 60"))
        let folder = camera.folder
        try folder.write("tint.fsh", shader("0.8"))
        let composition = try folder.write("soak.yaml", composition(extraNode: false))
        let tracePath = folder.file("trace.jsonl")
        let started = Date()
        let window = try WindowProcess([composition, "--trace", tracePath], environment: camera.environment, directory: folder.path)
        let app = window.app
        func events(_ name: String) -> [WindowTrace.Event] { WindowTrace(path: tracePath).events.filter { $0.name == name } }
        guard eventually(timeout: 60, { !events("resources").isEmpty }) else {
            throw TestSupportError("the window never showed the composition: \(app.error)")
        }

        var readings: [Reading] = []
        var unplugs = 0
        let unplugEvery = settings.unplugs > 0 ? max(1, settings.reloads / settings.unplugs) : Int.max
        var reload = 0
        while reload < settings.reloads || WindowTrace(path: tracePath).frames.count < settings.minimumFrames {
            let phase = reload % cycle.count
            let edit = cycle[phase]
            let before = events("resources").count
            try folder.write(edit.file, edit.text)
            guard eventually(timeout: 30, { events("resources").count > before }) else {
                throw TestSupportError("reload \(reload) (\(edit.name)) never reached the screen: \(app.error.suffix(2000))")
            }
            guard let event = events("resources").last else { break }
            var held: [String: Int] = [:]
            for key in ["textures", "framebuffers", "buffers", "vertexArrays", "programs", "shaders", "descriptors"] {
                held[key] = event.fields[key] as? Int ?? -1
            }
            readings.append(Reading(reload: reload, phase: phase, held: held, residentBytes: event.fields["residentBytes"] as? Int ?? -1))
            reload += 1
            // Unplugged only at the end of a cycle, so every reading is taken with the camera streaming.
            if reload % unplugEvery == 0, phase == cycle.count - 1, unplugs < settings.unplugs {
                try unplugAndReplug(camera, app: app)
                unplugs += 1
            }
        }
        return Report(readings: readings, frames: WindowTrace(path: tracePath).frames.count, unplugs: unplugs,
                      seconds: Date().timeIntervalSince(started))
    }

    /// Pulls the camera out until the window has let go of it, then puts it back until it streams again.
    static func unplugAndReplug(_ camera: EmulatedCamera, app: RunningProcess) throws {
        let streamingBefore = app.error.components(separatedBy: "camera: streaming").count
        try camera.set("unplugged", true)
        guard eventually(timeout: 30, { camera.counters["open"] == 0 }) else {
            throw TestSupportError("the window kept the unplugged camera open: \(camera.counters)")
        }
        try camera.set("unplugged", false)
        guard eventually(timeout: 30, { app.error.components(separatedBy: "camera: streaming").count > streamingBefore }) else {
            throw TestSupportError("the camera never streamed again: \(app.error.suffix(2000))")
        }
    }
}

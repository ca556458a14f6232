import Foundation
import GPU
import LiveSources
import OperatingSystem
import OSC
import Overlay
import ShaderGraph
import ShaderLanguage

/// The window's frame loop and the state it owns: it waits for events (or the next frame while the graph
/// animates), answers them (keys through `WindowCommand`'s table), takes what reloads, compiles, OSC and the
/// live sources brought, and draws a frame only when something changed.
final class WindowLoop {
    let window: GLFWWindow
    let trace: TraceWriter?
    let presenter: Presenter
    let interface: InterfaceContext
    let compiler: BackgroundCompiler
    let soundtrack: SoundtrackPlayer?
    let session: LiveSession
    /// `--osc PORT`, else the composition's `osc:` (`followCompositionOSCPort`).
    var osc: OSCControl?
    /// Whether `--osc` named the port, which then stays whatever the composition says.
    let oscPortGiven: Bool
    /// The `osc:` port last tried, so a port that cannot be opened is said once, not once a frame.
    var oscPortTried: Int?
    /// `--output v4l2:DEVICE`: the image shown, written to a video output other programs read as a camera.
    var virtualCamera: (any WindowCameraOutput)?
    /// A failure that ends the window once it has closed properly: a virtual camera that cannot be opened.
    var fatal: WindowError?
    /// MIDI from the ALSA sequencer and OSC's `/shaderbench/midi`, playing the composition's `controls:`.
    let midi = MIDIControl()
    /// `--midi CLIENT:PORT`, which wins over the composition's `midi:`.
    let midiSourceGiven: String?
    /// The MIDI input's problem as last said, so each is said once.
    var midiProblemSaid: String?
    /// `osc-out:`'s sender, made again when a reload changes where it sends.
    var valuesOut: (setting: OSCOutputSetting, stream: OSCValueStream)?
    let panel: ParameterPanel
    let grid: NodeGrid
    let graph: GraphView
    var handles = PointHandles()
    var beforeAndAfter = BeforeAndAfter()
    let library: FilterLibraryPanel
    var quitting = QuitConfirmation()
    let readout: PixelReadout
    let watches: WindowWatches
    let timeline: TimelinePanel
    /// Tuned values left unsaved on purpose (Discard): not reported on the way out.
    var discarded = false
    /// Ctrl-C, a kill or a closed terminal ends the loop as closing the window does, so a recording is finished
    /// and unsaved values are reported; a second one ends the process at once.
    let termination: TerminationRequests?

    var clock = SessionClock()
    var statistics = FrameStatistics()
    var showHelp = false
    var needsFrame = true
    /// Input reached the interface since the last frame: it then gets one more frame, in which a click's
    /// release and the pointer's new place settle (ImGui reads input as a frame starts).
    var interfaceInput = false
    var notice: (text: String, until: ContinuousClock.Instant)?
    var lastFrameStart = ContinuousClock.now
    /// When a composition that moves only with its movies is next asked for a new movie frame.
    var nextMovieLook = ContinuousClock.now
    /// How often that is: a movie frame is shown at most this late.
    static let movieLookInterval = Duration.milliseconds(4)
    var shownExecutor: ObjectIdentifier?
    /// Whether a graph has drawn yet: frames before the first (while it compiles) do not count on the clock.
    private var hasDrawnGraph = false
    var shownErrors = 0
    var lastRenderError: String?
    /// Whether the error overlay showed all of its errors in the last frame, for the trace.
    var errorsShownWhole = true
    var pointer = PointerState()
    /// The orbit camera's drag over a draw node's picture.
    var orbit = OrbitGesture()
    var keysHeld: Set<String> = []
    /// Keys that came while a control looked held. Its release may have come in the same batch of events, which
    /// the interface sees only in the next frame: after that frame they are answered if the control was let go.
    var keysAfterRelease: [WindowKey] = []
    var keyboard = ShaderToyKeyboard()
    var keyboardChanged = false
    var camerasSeen = 0
    var shownNotices = SourceNotices()
    /// The graph a stream's new size last rebuilt, so it is rebuilt once for it.
    private var resizedForSource: ObjectIdentifier?
    var recorder: WindowRecorder?
    /// `--record-to`: the stream V sends to instead of a movie file.
    let recordTarget: String?
    /// The image the last frame showed: what V starts recording, at its size.
    var shownImage: RenderTarget?

    init(_ options: WorkbenchOptions) throws(WindowError) {
        window = try GLFWWindow(title: "Shaderbench — \(options.path)", width: 1280, height: 720)
        trace = try options.tracePath.map { path throws(WindowError) in try TraceWriter(path: path) }
        do {
            presenter = try Presenter()
            // After the window's callbacks are in, so the interface's are chained in front of them.
            interface = try InterfaceContext(window: window.nativeHandle, scale: window.contentScale)
        } catch {
            throw WindowError("The window's drawing could not be set up: \(error.message).")
        }
        let compiler = BackgroundCompiler(sharedContext: window.sharedContext)
        let soundtrack = options.mute ? nil : SoundtrackPlayer()
        self.compiler = compiler
        self.soundtrack = soundtrack
        do throws(WindowError) {
            session = try LiveSession(path: options.path, stages: options.stages, input: options.input, overrides: options.overrides,
                                      includeFolders: options.includeFolders, fusing: options.fusing, precision: options.precision,
                                      compiler: compiler, trace: trace)
            do throws(OSCError) {
                osc = try options.oscPort.map { port throws(OSCError) in try OSCControl(port: port) }
                oscPortGiven = options.oscPort != nil
            } catch {
                throw WindowError(error.message, code: .oscPort)
            }
        } catch {
            compiler.stop()
            soundtrack?.stop()
            throw error
        }
        session.fileChanged = { soundtrack?.reload($0) }
        if let osc { StandardStreams.error("listening for OSC on UDP port \(osc.port)\n") }
        midiSourceGiven = options.midiSource
        recordTarget = options.recordTarget
        virtualCamera = options.videoOutput.map { WindowVirtualCamera(selector: $0) }
            ?? options.pipewireOutput.map { WindowPipeWireOutput(name: $0) }
        panel = ParameterPanel(trace: trace)
        grid = NodeGrid(trace: trace)
        graph = GraphView(trace: trace)
        library = FilterLibraryPanel(trace: trace)
        readout = PixelReadout(trace: trace)
        watches = WindowWatches(trace: trace)
        timeline = TimelinePanel(trace: trace)
        termination = try? TerminationRequests { _ in GLFWWindow.wake() }
        session.takeSeconds = { [unowned self] in clock.isPaused ? nil : clock.seconds }
    }

    /// Runs until the window closes or a signal asks it to.
    func run() throws(WindowError) {
        defer {
            compiler.stop()
            soundtrack?.stop()
            midi.stop()
        }
        while !window.shouldClose && termination?.request == nil {
            timeline.keepInLoop(&clock)
            // The timeline's playhead moves while the clock plays, whatever the image does.
            let motion = clock.isPaused ? .still : timeline.isOpen ? .continuous : session.motion(everyNode: coversImage)
            let animating = motion != .still
            let nextFrame = max(lastFrameStart + Workbench.frameInterval, nextMovieLook)
            for event in window.events(waitingUpTo: timeout(animating: animating, nextFrame: nextFrame)) {
                handle(event)
            }
            takeArrivals()
            let edited = noticeChanges()
            // Frames start a frame interval apart while animating; rendering time comes out of the interval.
            var due = animating ? ContinuousClock.now >= nextFrame : needsFrame
            if due, motion == .movieFrames, !needsFrame, !edited,
               !session.takeMovieFrames(at: FrameTime(index: clock.frameIndex, seconds: clock.seconds)) {
                // Nothing new to show: look again shortly, rather than draw the same picture at the window's rate.
                nextMovieLook = .now + Self.movieLookInterval
                due = false
            }
            guard due || edited else { continue }
            drawFrame(edited: edited)
        }
        if let recorder { _ = Workbench.finishRecording(recorder) }
        if let signal = termination?.request { StandardStreams.error("\(TerminationRequests.name(of: signal)): closing the window\n") }
        if !discarded { Workbench.reportUnsaved(session) }
        // The threads that wake the loop or share its context stop before the window and GLFW go.
        session.close()
        withExtendedLifetime(window) { compiler.stop() }
        if let fatal { throw fatal }
    }

    /// How long to wait for events: until the next frame while animating; idle, until an event (a save and a
    /// finished compile post one) or a notice expiring. Waiting ends early for any event, so a reload never
    /// waits out the rest of a frame interval before it is seen.
    private func timeout(animating: Bool, nextFrame: ContinuousClock.Instant) -> Double {
        var timeout = 0.0
        if animating {
            let deadline = notice.map { min($0.until, nextFrame) } ?? nextFrame
            timeout = max(0, LiveSession.milliseconds(deadline - .now) / 1000)
        } else if !needsFrame {
            timeout = notice.map { max(0.001, LiveSession.milliseconds($0.until - .now) / 1000) } ?? 1.0
            // A camera that stops sending frames wakes nobody: look at its state a few times a second.
            if session.hasCamera { timeout = min(timeout, 0.25) }
            // Waiting for the next camera frame is the normal pace, not idleness.
            if !session.hasCamera { statistics.idle() }
        }
        // A virtual camera's reader gets frames at a steady rate, the last one again while nothing changes.
        if let virtualCamera { timeout = min(timeout, virtualCamera.timeUntilDue) }
        if let repeatDue = recorder?.timeUntilRepeat { timeout = min(timeout, repeatDue) }
        return timeout
    }

    // MARK: Events

    private func handle(_ event: WindowEvent) {
        switch event {
        case .damaged:
            needsFrame = true
        case .interfaceInput:
            needsFrame = true
            interfaceInput = true
        case .keyHeld(let key, let down):
            if down { keysHeld.insert(key) } else { keysHeld.remove(key) }
            needsFrame = true
        case .keyCode(let code, let down):
            // Keys typed into the interface are its own, not the shader's; one let go is let go everywhere.
            if down, interface.wantsText { break }
            if down { keyboard.keyDown(code) } else { keyboard.keyUp(code) }
            needsFrame = true
        case .pointer(let x, let y, let pressed, let panning):
            pointerMoved(x: x, y: y, pressed: pressed, panning: panning)
        case .scroll(let steps):
            // The interface reads the wheel as a frame starts; over the image, a draw node's camera follows it.
            needsFrame = true
            interfaceInput = true
            if !interface.wantsPointer, !graph.isOpen, OrbitGesture.applies(to: session) { _ = orbit.scroll(steps, session: session) }
        case .dropped(let paths):
            if let path = paths.first {
                session.open(path)
                window.setTitle("Shaderbench — \(path)")
            }
        case .key(let key):
            trace?.record("key", ["key": .string(key.name)])
            needsFrame = true
            interfaceInput = true
            // The question about unsaved values takes every key until it is answered.
            if quitting.isOpen {
                if let answer = quitting.answer(for: key) { answerQuit(answer) }
                return
            }
            // The library's search keeps the keyboard, but Esc and Tab are the window's there: Esc ends the library,
            // as the guide has it, and Tab shows the next node, after which the search takes the keyboard back.
            // The graph's rename and add fields keep the keyboard, but Esc is the window's there: it closes them.
            if graph.hasField, key == .escape {
                WindowCommand.answering(key, in: self)?.action(self)
                return
            }
            if library.isOpen, !interface.hasOpenPopup, [.escape, .tab, .shiftTab].contains(key) {
                WindowCommand.answering(key, in: self)?.action(self)
                if library.isOpen { library.takeKeyboard() }
                return
            }
            // A field being typed into takes the keys, and so does a control being held (a list's line
            // pressed, a slider dragged), whose click gives the keyboard back to the library's search.
            if interface.wantsText { return }
            if interface.isHoldingControl {
                keysAfterRelease.append(key)
                return
            }
            WindowCommand.answering(key, in: self)?.action(self)
        }
    }

    private func pointerMoved(x: Double, y: Double, pressed: Bool, panning: Bool) {
        let current = layout()
        if timeline.isOpen, !coversImage,
           timeline.pointer(x: x, y: y, pressed: pressed, session: session, clock: &clock, layout: current, scale: interface.scale) {
            needsFrame = true
        } else if grid.isOpen, x < Double(current.imageArea.width), !interface.wantsPointer {
            // A press on a tile shows its node full size, as Tab would.
            if let node = grid.pressedNode(x: x, y: y, pressed: pressed) {
                grid.toggle(session)
                session.show(node)
                needsFrame = true
            }
        } else if graph.isOpen, x < Double(current.imageArea.width), !interface.wantsPointer {
            if graph.pointer(x: x, y: y, pressed: pressed, session: session, pixelsPerUnit: current.pixelsPerUnit) { needsFrame = true }
            if let message = graph.takeMessage() { say(message, seconds: 4) }
        } else if beforeAndAfter.pointer(x: x, y: y, pressed: pressed, layout: current, scale: interface.scale) {
            needsFrame = true
        } else if panel.isOpen, !coversImage, handles.pointer(x: x, y: y, pressed: pressed, session: session, layout: current, scale: interface.scale) {
            needsFrame = true
        } else if interface.wantsPointer || interface.hasOpenPopup || (panel.isOpen && x >= Double(current.imageArea.width)) {
            // Over the interface, or dragging one of its controls: its, not the image's. The interface reads the
            // pointer as a frame starts, so it needs the frame to see it.
            needsFrame = true
            interfaceInput = true
        } else if readout.pointer(x: x, y: y, pressed: pressed, image: session.shownImageSize, area: current.imageArea) {
            // The readout takes the pointer while it is on: it reads the pixel under it, and a click pins.
            needsFrame = true
        } else if OrbitGesture.applies(to: session),
                  orbit.pointer(x: x, y: y, pressed: pressed, panning: panning, session: session, area: current.imageArea) {
            needsFrame = true
        } else if pointer.update(x: x, y: y, pressed: pressed, output: session.executor?.renderSize, area: current.imageArea) {
            needsFrame = true
        }
    }

    /// Saves, the virtual camera's and a stream's pace, OSC commands, finished compiles and the soundtrack's place.
    private func takeArrivals() {
        session.takeSaves()
        // A stream's receivers are sent the shown image again while nothing changes, as a camera's would be.
        if let active = recorder, active.timeUntilRepeat == 0, let image = shownImage, let message = Workbench.record(image, with: active) {
            say(message, seconds: 6)
            recorder = nil
        }
        do {
            try virtualCamera?.tick(shown: shownImage)
        } catch {
            StandardStreams.error(Diagnostic.error("the camera output stopped: \(error)", code: .virtualCamera).rendered() + "\n")
            say("the camera output stopped: \(error)", seconds: 6)
            virtualCamera = nil
        }
        followCompositionOSCPort()
        // A graph that finished compiling comes in first, so the messages after it act on it. Messages sent while
        // the first graph is still being built wait in the queue for it: acted on now, they would find no
        // parameters and no nodes.
        session.collectCompiles()
        let graphIsComing = session.executor == nil && session.isCompiling
        for command in graphIsComing ? [] : osc?.takeCommands(parameters: session.parameters, imageNodes: session.imageNodes) ?? [] {
            switch command {
            case .set(let parameter, let value): session.tune(parameter, to: value, gestureContinues: false)
            case .reload: session.reload(reason: "osc")
            case .pause: if !clock.isPaused { clock.togglePause() }
            case .play: if clock.isPaused { clock.togglePause() }
            case .show(let node): session.show(node)
            case .midi(let arguments):
                if case .failure(let problem) = midi.receive(arguments) { osc?.warnOnce("/shaderbench/midi", problem.message) }
            }
            needsFrame = true
        }
        takeMIDI()
        soundtrack?.follow(session.playedMovie, seconds: clock.seconds, running: !clock.isPaused)
    }

    /// What changed outside the window's own events; true for a new graph or new errors, which are drawn at
    /// once, ahead of the frame pace: they are what a save is for.
    private func noticeChanges() -> Bool {
        var edited = false
        let executorIdentity = session.executor.map(ObjectIdentifier.init)
        if executorIdentity != shownExecutor || session.diagnostics.count != shownErrors {
            needsFrame = true
            edited = true
            shownExecutor = executorIdentity
            shownErrors = session.diagnostics.count
        }
        let cameraFrames = session.cameraFrames.value
        if cameraFrames != camerasSeen {
            camerasSeen = cameraFrames
            needsFrame = true
        }
        let notices = SourceNotices(pictures: session.pictureNotices, capture: session.soundNotices,
                                    playback: [soundtrack?.notice].compactMap { $0 }.map { .warning($0, code: .soundNotHeard) })
        if notices != shownNotices {
            // The terminal gets each change once, so a log shows when a camera or the sound went and came back.
            for line in notices.terminalLines(after: shownNotices) { StandardStreams.error(line + "\n") }
            shownNotices = notices
            trace?.record("notices", ["count": .integer(notices.all.count)])
            needsFrame = true
        }
        if let current = notice, current.until <= .now {
            notice = nil
            needsFrame = true
        }
        // A stream's or a camera's frames that come at a size other than its node was built with (the first
        // after the window opened, a change mid-stream, a camera back at another size) build the graph again
        // at that size, as a reload would.
        if let executor = session.executor, executor.sourceChangedSize, ObjectIdentifier(executor) != resizedForSource {
            resizedForSource = ObjectIdentifier(executor)
            session.reload(reason: "source size")
        }
        return edited
    }

    // MARK: A frame

    /// Whether the grid or the graph covers the image, and so every node runs and is timed.
    var coversImage: Bool { grid.isOpen || graph.isOpen }

    /// Opens or closes the grid (G); the graph closes as it opens, as both cover the image.
    func toggleGrid() {
        if graph.isOpen { graph.toggle(session) }
        grid.toggle(session)
    }

    /// Opens or closes the node graph (N), closing the grid.
    func toggleGraph() {
        if grid.isOpen { grid.toggle(session) }
        graph.toggle(session)
    }

    func layout() -> WindowLayout {
        let framebuffer = window.framebufferSize, size = window.windowSize
        return WindowLayout(framebuffer: PixelSize(width: max(1, framebuffer.width), height: max(1, framebuffer.height)),
                            windowWidth: size.width, windowHeight: size.height, panelOpen: panel.isOpen, scale: interface.scale)
    }

    private func drawFrame(edited: Bool) {
        lastFrameStart = .now
        let settling = interfaceInput
        interfaceInput = false

        // The interface first: a control changed in this frame reaches the image drawn in it.
        let current = layout()
        interface.beginFrame()
        HeadsUpDisplay.draw(HeadsUpDisplay.Status(composition: session.path, node: session.shownNode,
                                                  framesPerSecond: statistics.framesPerSecond,
                                                  frameMilliseconds: statistics.frameMilliseconds,
                                                  paused: clock.isPaused, compiling: session.isCompiling,
                                                  framesDropped: session.movieFramesDropped,
                                                  recording: recorder.map { ($0.elapsed, $0.framesDropped, $0.isStream) },
                                                  notices: [notice?.text, watches.caption].compactMap { $0 } + shownNotices.all.map(\.codedMessage)),
                            in: interface, layout: current)
        let errorsWhole = ErrorOverlay.draw(session.diagnostics, in: interface, layout: current)
        if errorsWhole != errorsShownWhole {
            errorsShownWhole = errorsWhole
            trace?.record("errors-shown", ["whole": .bool(errorsWhole)])
        }
        if panel.isOpen {
            panel.draw(session, watches: watches, readout: readout, midi: midi, in: interface, layout: current)
            if !coversImage { handles.draw(session, in: interface, layout: current) }
        }
        if !coversImage { beforeAndAfter.draw(in: interface, layout: current) }
        if !coversImage { readout.draw(session, watches: watches, in: interface, layout: current) }
        if timeline.isOpen, !coversImage { timeline.draw(session, clock: &clock, recording: session.take != nil, in: interface, layout: current) }
        if library.isOpen, let message = library.draw(session, in: interface, layout: current) { say(message) }
        // Both show values the graph makes, which the frame may change.
        let showsValues = panel.isOpen || coversImage
        let readings = showsValues ? panel.readings(of: session, buffersAsDrawn: true) : []
        if showHelp { KeyHelp.draw(in: interface, layout: current) }
        if let answer = quitting.draw(unsaved: session.unsavedCount, in: interface, layout: current) { answerQuit(answer) }
        // A control let go, or a point: the next change is a step of its own to undo.
        if !interface.isHoldingControl && !handles.isDragging && !timeline.isDragging { session.endGesture() }

        let mouse = passInputsToGraph()
        renderAndPresent(layout: current)
        interface.draw()
        window.swapBuffers()
        sendOutputs()
        trace?.record("frame-presented", ["frame": .integer(clock.frameIndex), "programs": .integers(session.programIdentifiers),
                                          "movieFramesDropped": .integer(session.movieFramesDropped)])
        // After the first frame of each new graph or new errors, the old one is gone: its memory goes back to
        // the system, and the trace says what the process holds, for soaks and leak tests.
        if edited {
            ProcessResources.returnFreedMemory()
            if let trace { Workbench.recordResources(trace) }
        }
        if hasDrawnGraph { clock.advanceFrame() }
        needsFrame = false
        // The frame after a press shows its w negative.
        if mouse.w > 0 { needsFrame = true }
        // Another frame when this one's interface is not the last word: after input, so it settles; when a
        // window appeared (it is measured in its first frame and drawn in its second); when an event went
        // back to false; when keys still wait for the interface or the library's search takes the keyboard;
        // when the values the panel, the grid or the graph read have changed in this frame.
        if settling || interface.isSettling || interface.hasPendingInput || library.needsFrame || panel.needsFrame || graph.needsFrame || session.endPulses() { needsFrame = true }
        if showsValues, panel.readings(of: session) != readings { needsFrame = true }
        // The grid and the graph show what each node costs, which comes from the GPU a frame or two after it was timed.
        if coversImage, let executor = session.executor, executor.stepTimesChanged || executor.isWaitingForStepTimes { needsFrame = true }
        // Windows fitted to their content (the errors) measure it in the frame it changed and show it whole in the
        // next: without that frame a second error stays cut at the window's bottom until something else draws.
        if edited || keyboardChanged { needsFrame = true }
        keyboardChanged = false
        // A tuned value the running program could not take rebuilt the graph, which this frame already drew.
        shownExecutor = session.executor.map(ObjectIdentifier.init)
        answerKeysAfterRelease()
    }

    /// Answers the keys that waited for this frame, unless a control is still held: then they were its.
    private func answerKeysAfterRelease() {
        let waiting = keysAfterRelease
        keysAfterRelease = []
        guard !waiting.isEmpty, !interface.isHoldingControl else { return }
        for key in waiting { WindowCommand.answering(key, in: self)?.action(self) }
        needsFrame = true
    }

    /// The pointer, buttons and keys as the graph's value nodes and ShaderToy's uniforms read them; returns
    /// ShaderToy's mouse for this frame.
    private func passInputsToGraph() -> SIMD4<Float> {
        let mouse = pointer.takeShaderToyMouse()
        session.executor?.mouse = mouse
        session.executor?.pointer = pointer.normalised
        session.executor?.pointerPosition = pointer.position
        let buttons = pointer.takeButtonChanges()
        if let press = buttons.press { session.executor?.pointerPressed(at: press) }
        if let release = buttons.release { session.executor?.pointerReleased(at: release) }
        session.executor?.keysHeld = keysHeld
        session.executor?.keyboard = keyboard
        // A key that went down or up shows as new in this frame's keyboard image and not in the next, which must be drawn.
        if keyboard.hasNewChanges { keyboardChanged = true }
        keyboard.frameShown()
        session.executor?.timesSteps = coversImage
        return mouse
    }

    private func renderAndPresent(layout current: WindowLayout) {
        // The clock starts with the first graph drawn, at time 0 and frame 0 (a ShaderToy's `iFrame == 0`
        // sets up its buffers there), however long the window took to build it.
        if !hasDrawnGraph, session.executor != nil {
            clock.restart()
            hasDrawnGraph = true
        }
        do {
            let time = FrameTime(index: clock.frameIndex, seconds: clock.seconds)
            watches.prepare(session, active: readout.isOn || watches.shown != nil) { say($0, seconds: 6) }
            let image = try session.render(time)
            let watchImage = coversImage ? nil : try watches.shownImage { say($0) }
            if grid.isOpen {
                grid.draw(session, presenter: presenter, in: interface, window: current, readout: readout)
            } else if graph.isOpen {
                graph.draw(session, presenter: presenter, in: interface, window: current)
                if let message = graph.takeMessage() { say(message, seconds: 4) }
            } else if let shown = watchImage ?? image {
                beforeAndAfter.present(shown, with: presenter, layout: current)
            } else {
                presenter.clear(viewport: current.framebuffer)
            }
            // What V records, the grid or the graph open or not.
            if let image { shownImage = image }
            lastRenderError = nil
        } catch {
            // Printed once, not once a frame, while the same failure repeats.
            if error.message != lastRenderError { StandardStreams.error("error: \(error.message)\n") }
            lastRenderError = error.message
        }
    }

    /// The frame to the recording, the virtual camera and `osc-out:`, once it is out: the conversions draw into
    /// framebuffers of their own.
    private func sendOutputs() {
        if let active = recorder, let image = shownImage, let message = Workbench.record(image, with: active) {
            say(message, seconds: 6)
            recorder = nil
        }
        if let output = virtualCamera, let image = shownImage {
            let opening = output.path == nil
            do {
                try output.show(image)
                if opening, let path = output.path {
                    StandardStreams.error(output is WindowPipeWireOutput ? "PipeWire output: publishing the image as the camera node \(path)\n"
                                                                         : "virtual camera: writing the image to \(path)\n")
                }
            } catch {
                if opening {
                    fatal = WindowError("\(error)", code: .virtualCamera)
                    window.shouldClose = true
                } else {
                    StandardStreams.error(Diagnostic.error("the camera output stopped: \(error)", code: .virtualCamera).rendered() + "\n")
                    say("the camera output stopped: \(error)", seconds: 6)
                }
                virtualCamera = nil
            }
        }
        statistics.framePresented()
        if let setting = session.executor?.composition.oscOutput {
            if valuesOut?.setting != setting {
                do throws(OSCError) {
                    valuesOut = (setting, try OSCValueStream(host: setting.host, port: setting.port))
                } catch {
                    StandardStreams.error(Diagnostic.warning(error.message, code: .oscPort).rendered() + "\n")
                    valuesOut = nil
                }
            }
            if let stream = valuesOut?.stream, let executor = session.executor {
                for name in setting.values {
                    guard let value = executor.value(of: name) else { continue }
                    if let failure = stream.send(name, value) {
                        StandardStreams.error(Diagnostic.warning(failure.message, code: .oscPort).rendered() + "\n")
                    }
                }
            }
        }
    }

    // MARK: What commands do

    /// Shows `text` over the image for a while.
    func say(_ text: String, seconds: Int = 4) {
        notice = (text, .now + .seconds(seconds))
    }

    func toggleReadout() {
        readout.isOn.toggle()
        // A pointer already resting on the image is read at once, not only once it moves.
        if readout.isOn { handle(window.pointerNow()) }
    }

    func toggleLibrary() {
        library.isOpen.toggle()
        if !library.isOpen { session.endPreview() }
    }

    func saveScreenshot() {
        say(Workbench.saveScreenshot(session))
    }

    func toggleRecording() {
        if let active = recorder {
            say(Workbench.finishRecording(active))
            recorder = nil
        } else {
            do {
                recorder = try Workbench.startRecording(session, image: shownImage, sound: soundtrack, streamingTo: recordTarget)
            } catch {
                say("recording not started: \(error)")
            }
        }
    }

    /// Ctrl-R: starts a take of keys, or ends it, laying what it recorded into the curves.
    func toggleKeyTake() {
        if session.take != nil {
            say(session.finishTake())
        } else {
            session.startTake()
            timeline.isOpen = true
            say("recording keys: play and move sliders, MIDI controllers or OSC values; Ctrl-R ends the take")
        }
    }

    func saveTunedValues() {
        let path = session.path
        say(session.saveTunedValues())
        if session.path != path { window.setTitle("Shaderbench — \(session.path)") }
    }

    /// Closes the window, asking first while tuned values are unsaved.
    func quit() {
        if session.unsavedCount > 0 {
            quitting.ask()
            trace?.record("quit-asked", ["unsaved": .integer(session.unsavedCount)])
        } else {
            window.shouldClose = true
        }
    }

    private func answerQuit(_ answer: QuitConfirmation.Answer) {
        trace?.record("quit-answered", ["answer": .string("\(answer)")])
        switch answer {
        case .save:
            say(session.saveTunedValues())
            // A save that failed keeps the window, and says why.
            if session.unsavedCount == 0 { window.shouldClose = true }
        case .discard:
            discarded = true
            window.shouldClose = true
        case .cancel:
            break
        }
    }
}

import Foundation
import GPU
import LiveSources
import OperatingSystem
import OSC
import Overlay
import ShaderGraph

/// The live window: shows a composition, reloads it as its files are saved, and draws errors over the
/// last good output. Runs on the main thread until the window closes.
public enum Workbench {
    /// Frames are paced to this when the graph animates and the swap does not wait for the display.
    static let frameInterval = Duration.milliseconds(16)

    public static func run(_ options: WorkbenchOptions) throws(WindowError) {
        let window = try GLFWWindow(title: "Shaderbench — \(options.path)", width: 1280, height: 720)
        let trace = try options.tracePath.map { path throws(WindowError) in try TraceWriter(path: path) }
        let presenter: Presenter
        let interface: InterfaceContext
        do {
            presenter = try Presenter()
            // After the window's callbacks are in, so the interface's are chained in front of them.
            interface = try InterfaceContext(window: window.nativeHandle, scale: window.contentScale)
        } catch {
            throw WindowError("The window's drawing could not be set up: \(error.message).")
        }
        let compiler = BackgroundCompiler(sharedContext: window.sharedContext)
        defer { compiler.stop() }
        let soundtrack = options.mute ? nil : SoundtrackPlayer()
        defer { soundtrack?.stop() }
        let session = try LiveSession(path: options.path, input: options.input, overrides: options.overrides,
                                      includeFolders: options.includeFolders, fusing: options.fusing, compiler: compiler, trace: trace)
        session.fileChanged = { soundtrack?.reload($0) }
        let osc: OSCControl?
        do throws(OSCError) {
            osc = try options.oscPort.map { port throws(OSCError) in try OSCControl(port: port) }
        } catch {
            throw WindowError(error.message)
        }
        if let osc { StandardStreams.error("listening for OSC on UDP port \(osc.port)\n") }
        /// `--output v4l2:DEVICE`: the image shown, written to a video output other programs read as a camera.
        var virtualCamera = options.videoOutput.map { WindowVirtualCamera(selector: $0) }
        /// A failure that ends the window once it has closed properly: a virtual camera that cannot be opened.
        var fatal: WindowError?
        /// `osc-out:`'s sender, made again when a reload changes where it sends.
        var valuesOut: (setting: OSCOutputSetting, stream: OSCValueStream)?
        let panel = ParameterPanel(trace: trace)
        let grid = NodeGrid(trace: trace)
        var handles = PointHandles()
        var beforeAndAfter = BeforeAndAfter()
        let library = FilterLibraryPanel(trace: trace)
        var quitting = QuitConfirmation()
        let readout = PixelReadout(trace: trace)
        let watches = WindowWatches(trace: trace)
        /// Tuned values left unsaved on purpose (Discard): not reported on the way out.
        var discarded = false
        // Ctrl-C, a kill or a closed terminal ends the loop as closing the window does, so a recording is finished
        // and unsaved values are reported; a second one ends the process at once.
        let termination = try? TerminationRequests { _ in GLFWWindow.wake() }

        var clock = SessionClock()
        var statistics = FrameStatistics()
        var showHelp = false
        var needsFrame = true
        /// Input reached the interface since the last frame: it then gets one more frame, in which a click's
        /// release and the pointer's new place settle (ImGui reads input as a frame starts).
        var interfaceInput = false
        var notice: (text: String, until: ContinuousClock.Instant)?
        var lastFrameStart = ContinuousClock.now
        var shownExecutor: ObjectIdentifier?
        var shownErrors = 0
        var lastRenderError: String?
        /// Whether the error overlay showed all of its errors in the last frame, for the trace.
        var errorsShownWhole = true
        var pointer = PointerState()
        var keysHeld: Set<String> = []
        var keyboard = ShaderToyKeyboard()
        var keyboardChanged = false
        var camerasSeen = 0
        var shownNotices = SourceNotices()
        var recorder: WindowRecorder?
        /// The image the last frame showed: what V starts recording, at its size.
        var shownImage: RenderTarget?

        func layout() -> WindowLayout {
            let framebuffer = window.framebufferSize, size = window.windowSize
            return WindowLayout(framebuffer: PixelSize(width: max(1, framebuffer.width), height: max(1, framebuffer.height)),
                                windowWidth: size.width, windowHeight: size.height, panelOpen: panel.isOpen, scale: interface.scale)
        }

        func answerQuit(_ answer: QuitConfirmation.Answer) {
            trace?.record("quit-answered", ["answer": .string("\(answer)")])
            switch answer {
            case .save:
                notice = (session.saveTunedValues(), .now + .seconds(4))
                // A save that failed keeps the window, and says why.
                if session.unsavedCount == 0 { window.shouldClose = true }
            case .discard:
                discarded = true
                window.shouldClose = true
            case .cancel:
                break
            }
        }

        while !window.shouldClose && termination?.request == nil {
            let animating = session.isAnimated(everyNode: grid.isOpen) && !clock.isPaused
            // Waiting ends early for any event, a finished compile or a save, so a reload never waits
            // out the rest of a frame interval before it is seen.
            let nextFrame = lastFrameStart + frameInterval
            var timeout = 0.0
            if animating {
                let deadline = notice.map { min($0.until, nextFrame) } ?? nextFrame
                timeout = max(0, LiveSession.milliseconds(deadline - .now) / 1000)
            } else if !needsFrame {
                // Idle: sleep until an event (a save and a finished compile post one) or a notice expiring.
                timeout = notice.map { max(0.001, LiveSession.milliseconds($0.until - .now) / 1000) } ?? 1.0
                // A camera that stops sending frames wakes nobody: look at its state a few times a second.
                if session.hasCamera { timeout = min(timeout, 0.25) }
                // Waiting for the next camera frame is the normal pace, not idleness.
                if !session.hasCamera { statistics.idle() }
            }
            // A virtual camera's reader gets frames at a steady rate, the last one again while nothing changes.
            if let virtualCamera { timeout = min(timeout, virtualCamera.timeUntilDue) }
            for event in window.events(waitingUpTo: timeout) {
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
                case .pointer(let x, let y, let pressed):
                    let current = layout()
                    if grid.isOpen, x < Double(current.imageArea.width), !interface.wantsPointer {
                        // A press on a tile shows its node full size, as Tab would.
                        if let node = grid.pressedNode(x: x, y: y, pressed: pressed) {
                            grid.toggle(session)
                            session.show(node)
                            needsFrame = true
                        }
                    } else if beforeAndAfter.pointer(x: x, y: y, pressed: pressed, layout: current, scale: interface.scale) {
                        needsFrame = true
                    } else if panel.isOpen, !grid.isOpen, handles.pointer(x: x, y: y, pressed: pressed, session: session, layout: current, scale: interface.scale) {
                        needsFrame = true
                    } else if interface.wantsPointer || interface.hasOpenPopup || (panel.isOpen && x >= Double(current.imageArea.width)) {
                        // Over the interface, or dragging one of its controls: its, not the image's. The interface
                        // reads the pointer as a frame starts, so it needs the frame to see it.
                        needsFrame = true
                        interfaceInput = true
                    } else if readout.pointer(x: x, y: y, pressed: pressed, image: session.shownImageSize, area: current.imageArea) {
                        // The readout takes the pointer while it is on: it reads the pixel under it, and a click pins.
                        needsFrame = true
                    } else if pointer.update(x: x, y: y, pressed: pressed, output: session.executor?.renderSize, area: current.imageArea) {
                        needsFrame = true
                    }
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
                        continue
                    }
                    // A field being typed into takes the keys, and so does a control being held (a list's line
                    // pressed, a slider dragged), whose click gives the keyboard back to the library's search.
                    if interface.wantsText || interface.isHoldingControl { continue }
                    switch key {
                    case .escape where interface.hasOpenPopup: interface.closePopups()
                    case .escape where library.isOpen, .letter("l"):
                        library.isOpen.toggle()
                        if !library.isOpen { session.endPreview() }
                    case .letter("a") where library.isOpen: notice = (session.addPreviewedFilter(), .now + .seconds(4))
                    case .escape, .letter("q"):
                        if session.unsavedCount > 0 {
                            quitting.ask()
                            trace?.record("quit-asked", ["unsaved": .integer(session.unsavedCount)])
                        } else {
                            window.shouldClose = true
                        }
                    case .space: clock.togglePause()
                    // Paused, a step is one movie frame; playing, a seek of five seconds.
                    case .left: clock.shift(by: clock.isPaused ? -session.frameStep : -5)
                    case .right: clock.shift(by: clock.isPaused ? session.frameStep : 5)
                    case .letter("v"):
                        if let active = recorder {
                            notice = (finishRecording(active), .now + .seconds(4))
                            recorder = nil
                        } else {
                            do {
                                recorder = try startRecording(session, image: shownImage, sound: soundtrack)
                            } catch {
                                notice = ("recording not started: \(error)", .now + .seconds(4))
                            }
                        }
                    case .letter("r"): session.reload(reason: "key")
                    case .letter("h"): showHelp.toggle()
                    case .letter("i"): readout.isOn.toggle()
                    case .letter("w"): watches.showNext()
                    case .letter("b"): notice = (beforeAndAfter.toggle(shown: shownImage), .now + .seconds(4))
                    case .letter("p"): panel.isOpen.toggle()
                    case .letter("g"): grid.toggle(session)
                    case .letter("f"): window.toggleFullscreen()
                    case .tab: session.cycleViewedNode(backwards: false)
                    case .shiftTab: session.cycleViewedNode(backwards: true)
                    case .letter("s"):
                        notice = (saveScreenshot(session), .now + .seconds(4))
                    case .control("s", shifted: false):
                        let path = session.path
                        notice = (session.saveTunedValues(), .now + .seconds(4))
                        if session.path != path { window.setTitle("Shaderbench — \(session.path)") }
                    case .control("z", shifted: false):
                        if !session.undo() { notice = ("nothing to undo", .now + .seconds(2)) }
                    case .control("z", shifted: true), .control("y", shifted: false):
                        if !session.redo() { notice = ("nothing to redo", .now + .seconds(2)) }
                    default: break
                    }
                }
            }
            session.takeSaves()
            do {
                try virtualCamera?.tick()
            } catch {
                StandardStreams.error("error: the virtual camera stopped: \(error)\n")
                notice = ("the virtual camera stopped: \(error)", .now + .seconds(6))
                virtualCamera = nil
            }
            for command in osc?.takeCommands(parameters: session.parameters, imageNodes: session.imageNodes) ?? [] {
                switch command {
                case .set(let parameter, let value): session.tune(parameter, to: value, gestureContinues: false)
                case .reload: session.reload(reason: "osc")
                case .pause: if !clock.isPaused { clock.togglePause() }
                case .play: if clock.isPaused { clock.togglePause() }
                case .show(let node): session.show(node)
                }
                needsFrame = true
            }
            session.collectCompiles()
            soundtrack?.follow(session.playedMovie, seconds: clock.seconds, running: !clock.isPaused)

            // A new graph or new errors are drawn at once, ahead of the frame pace: they are what a save is for.
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
                                        playback: [soundtrack?.notice].compactMap { $0 })
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
            // Frames start a frame interval apart while animating; rendering time comes out of the interval.
            let due = animating ? ContinuousClock.now >= nextFrame : needsFrame
            guard due || edited else { continue }
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
                                                      recording: recorder.map { ($0.elapsed, $0.framesDropped) },
                                                      notices: [notice?.text, watches.caption].compactMap { $0 } + shownNotices.all),
                                in: interface, layout: current)
            let errorsWhole = ErrorOverlay.draw(session.diagnostics, in: interface, layout: current)
            if errorsWhole != errorsShownWhole {
                errorsShownWhole = errorsWhole
                trace?.record("errors-shown", ["whole": .bool(errorsWhole)])
            }
            if panel.isOpen {
                panel.draw(session, in: interface, layout: current)
                if !grid.isOpen { handles.draw(session, in: interface, layout: current) }
            }
            if !grid.isOpen { beforeAndAfter.draw(in: interface, layout: current) }
            if !grid.isOpen { readout.draw(session, watches: watches, in: interface, layout: current) }
            if library.isOpen, let message = library.draw(session, in: interface, layout: current) { notice = (message, .now + .seconds(4)) }
            // Both show values the graph makes, which the frame may change.
            let showsValues = panel.isOpen || grid.isOpen
            let readings = showsValues ? panel.readings(of: session) : []
            if showHelp { KeyHelp.draw(in: interface, layout: current) }
            if let answer = quitting.draw(unsaved: session.unsavedCount, in: interface, layout: current) { answerQuit(answer) }
            // A control let go, or a point: the next change is a step of its own to undo.
            if !interface.isHoldingControl && !handles.isDragging { session.endGesture() }

            let windowSize = current.framebuffer
            let mouse = pointer.takeShaderToyMouse()
            session.executor?.mouse = mouse
            session.executor?.pointer = pointer.normalised
            session.executor?.pointerPosition = pointer.position
            let buttons = pointer.takeButtonChanges()
            if let press = buttons.press { session.executor?.pointerPressed(at: press) }
            if let release = buttons.release { session.executor?.pointerReleased(at: release) }
            session.executor?.keysHeld = keysHeld
            session.executor?.keyboard = keyboard
            // A key that went down shows as new in this frame's keyboard image and not in the next, which must be drawn.
            if keyboard.hasNewPresses { keyboardChanged = true }
            keyboard.frameShown()
            session.executor?.timesSteps = grid.isOpen
            do {
                let time = FrameTime(index: clock.frameIndex, seconds: clock.seconds)
                let image = try session.render(time)
                // The watches are read at the frame just drawn, by the readout of the next.
                if readout.isOn || watches.shown != nil { watches.render(session, at: time) }
                let watchImage = grid.isOpen ? nil : try watches.shownImage { notice = ($0, .now + .seconds(4)) }
                if grid.isOpen {
                    grid.draw(session, presenter: presenter, in: interface, window: current, readout: readout)
                } else if let shown = watchImage ?? image {
                    beforeAndAfter.present(shown, with: presenter, layout: current)
                } else {
                    presenter.clear(viewport: windowSize)
                }
                // What V records, the grid open or not.
                if let image { shownImage = image }
                lastRenderError = nil
            } catch {
                // Printed once, not once a frame, while the same failure repeats.
                if error.message != lastRenderError { StandardStreams.error("error: \(error.message)\n") }
                lastRenderError = error.message
            }
            interface.draw()
            window.swapBuffers()
            // Recorded once the frame is out: the conversion draws into framebuffers of its own.
            if let active = recorder, let image = shownImage, let message = record(image, with: active) {
                notice = (message, .now + .seconds(6))
                recorder = nil
            }
            if let output = virtualCamera, let image = shownImage {
                let opening = output.path == nil
                do {
                    try output.show(image)
                    if opening, let path = output.path { StandardStreams.error("virtual camera: writing the image to \(path)\n") }
                } catch {
                    if opening {
                        fatal = WindowError("\(error)")
                        window.shouldClose = true
                    } else {
                        StandardStreams.error("error: the virtual camera stopped: \(error)\n")
                        notice = ("the virtual camera stopped: \(error)", .now + .seconds(6))
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
                        StandardStreams.error("warning: \(error.message)\n")
                        valuesOut = nil
                    }
                }
                if let stream = valuesOut?.stream, let executor = session.executor {
                    for name in setting.values {
                        guard let value = executor.value(of: name) else { continue }
                        if let failure = stream.send(name, value) { StandardStreams.error("warning: \(failure.message)\n") }
                    }
                }
            }
            trace?.record("frame-presented", ["frame": .integer(clock.frameIndex), "programs": .integers(session.programIdentifiers)])
            // After the first frame of each new graph or new errors, the old one is gone: its memory goes back to
            // the system, and the trace says what the process holds, for soaks and leak tests.
            if edited {
                ProcessResources.returnFreedMemory()
                if let trace { Self.recordResources(trace) }
            }
            clock.advanceFrame()
            needsFrame = false
            // The frame after a press shows its w negative.
            if mouse.w > 0 { needsFrame = true }
            // Another frame when this one's interface is not the last word: after input, so it settles; when a
            // window appeared (it is measured in its first frame and drawn in its second); when an event went
            // back to false; when keys still wait for the interface or the library's search takes the keyboard;
            // when the values the panel or the grid read have changed in this frame.
            if settling || interface.isSettling || interface.hasPendingInput || library.needsFrame || session.endPulses() { needsFrame = true }
            if showsValues, panel.readings(of: session) != readings { needsFrame = true }
            // Windows fitted to their content (the errors) measure it in the frame it changed and show it whole in the
            // next: without that frame a second error stays cut at the window's bottom until something else draws.
            if edited || keyboardChanged { needsFrame = true }
            keyboardChanged = false
            // A tuned value the running program could not take rebuilt the graph, which this frame already drew.
            shownExecutor = session.executor.map(ObjectIdentifier.init)
        }
        if let recorder { _ = finishRecording(recorder) }
        if let signal = termination?.request { StandardStreams.error("\(TerminationRequests.name(of: signal)): closing the window\n") }
        if !discarded { reportUnsaved(session) }
        // The threads that wake the loop or share its context stop before the window and GLFW go.
        session.close()
        withExtendedLifetime(window) { compiler.stop() }
        if let fatal { throw fatal }
    }

    /// Tuned values the window closes without (closed by the window manager or a signal): said on the terminal,
    /// as options that give them back.
    private static func reportUnsaved(_ session: LiveSession) {
        let unsaved = session.unsavedValues
        guard !unsaved.isEmpty else { return }
        let options = unsaved.map { "--set \($0.name)=" + $0.value.map { "\($0)" }.joined(separator: ",") }
        StandardStreams.error("warning: \(unsaved.count) tuned value\(unsaved.count == 1 ? " was" : "s were") not saved; "
                              + "to open with \(unsaved.count == 1 ? "it" : "them") again: shaderbench \(session.path) \(options.joined(separator: " "))\n")
    }

    private static func recordResources(_ trace: TraceWriter) {
        let objects = LiveGLObjects.counts
        trace.record("resources", ["textures": .integer(objects.textures), "framebuffers": .integer(objects.framebuffers),
                                   "buffers": .integer(objects.buffers), "vertexArrays": .integer(objects.vertexArrays),
                                   "programs": .integer(objects.programs), "shaders": .integer(objects.shaders),
                                   "descriptors": .integer(ProcessResources.openDescriptors()),
                                   "residentBytes": .integer(ProcessResources.residentBytes())])
    }

    /// Starts recording the image shown, at its size.
    private static func startRecording(_ session: LiveSession, image: RenderTarget?, sound: SoundtrackPlayer?) throws -> WindowRecorder {
        guard let image else { throw WindowError("nothing is shown yet") }
        let recorder = try WindowRecorder(name: outputName(session), imageSize: image.size,
                                          listen: sound?.isPlaying == true ? sound?.listen : session.liveSound?.listen)
        StandardStreams.output("recording: \(recorder.path)\n")
        return recorder
    }

    /// Records one shown frame; a message when the recording had to end.
    private static func record(_ image: RenderTarget, with recorder: WindowRecorder) -> String? {
        guard image.size == recorder.size else {
            return "recording stopped: the image changed size. " + finishRecording(recorder)
        }
        do {
            try recorder.record(image)
            return nil
        } catch {
            StandardStreams.error("error: recording \(recorder.path): \(error)\n")
            return "recording stopped: \(error); what was recorded is in \(recorder.path)"
        }
    }

    /// Closes the movie; what to tell the user.
    private static func finishRecording(_ recorder: WindowRecorder) -> String {
        do {
            try recorder.finish()
            let dropped = recorder.framesDropped > 0 ? ", \(recorder.framesDropped) frames dropped" : ""
            StandardStreams.output("recorded \(recorder.path) (\(String(format2: recorder.writtenDuration ?? recorder.elapsed)) s\(dropped))\n")
            return "recorded \(recorder.path)"
        } catch {
            StandardStreams.error("error: finishing \(recorder.path): \(error)\n")
            return "recording \(recorder.path) could not be finished: \(error)"
        }
    }

    private static func outputName(_ session: LiveSession) -> String {
        session.path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "shaderbench"
    }

    private static func saveScreenshot(_ session: LiveSession) -> String {
        guard let image = session.executor.flatMap({ $0.image(of: session.shownNode) }) else {
            return "nothing to save yet"
        }
        do {
            let path = try Screenshots.save(image, name: outputName(session))
            StandardStreams.output("screenshot: \(path)\n")
            return "screenshot saved to \(path)"
        } catch {
            StandardStreams.error("error: screenshot not saved: \(error)\n")
            return "screenshot not saved: \(error)"
        }
    }
}

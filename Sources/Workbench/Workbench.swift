import Foundation
import GPU
import Headless
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
        let panels: OverlayPanels
        do {
            presenter = try Presenter()
            panels = try OverlayPanels(scale: window.contentScale)
        } catch {
            throw WindowError("The window's drawing could not be set up: \(error.message).")
        }
        let compiler = BackgroundCompiler(sharedContext: window.sharedContext)
        defer { compiler.stop() }
        let session = try LiveSession(path: options.path, input: options.input, overrides: options.overrides,
                                      compiler: compiler, trace: trace)
        let wakeup = session.fileDescriptor.map { FileWakeup(descriptor: $0, wake: { GLFWWindow.wake() }) }

        var clock = SessionClock()
        var statistics = FrameStatistics()
        var showHelp = false
        var needsFrame = true
        var notice: (text: String, until: ContinuousClock.Instant)?
        var lastFrameStart = ContinuousClock.now
        var shownExecutor: ObjectIdentifier?
        var shownErrors = 0
        var lastRenderError: String?
        var pointer = PointerState()
        var keysHeld: Set<String> = []
        var camerasSeen = 0
        var shownCameraNotices: [String] = []

        while !window.shouldClose {
            let animating = session.isAnimated && !clock.isPaused
            var timeout = 0.0
            if !needsFrame && !animating {
                // Idle: sleep until an event, a settling save, or a notice expiring.
                let deadlines = [session.nextFileDeadline, notice?.until].compactMap { $0 }
                timeout = deadlines.min().map { max(0.001, LiveSession.milliseconds($0 - .now) / 1000) } ?? 1.0
                // A camera that stops sending frames wakes nobody: look at its state a few times a second.
                if session.hasCamera { timeout = min(timeout, 0.25) }
                // Waiting for the next camera frame is the normal pace, not idleness.
                if !session.hasCamera { statistics.idle() }
            }
            for event in window.events(waitingUpTo: timeout) {
                switch event {
                case .damaged:
                    needsFrame = true
                case .keyHeld(let key, let down):
                    if down { keysHeld.insert(key) } else { keysHeld.remove(key) }
                    needsFrame = true
                case .pointer(let x, let y, let pressed):
                    let size = window.framebufferSize
                    if pointer.update(x: x, y: y, pressed: pressed, output: session.executor?.renderSize,
                                      viewport: PixelSize(width: max(1, size.width), height: max(1, size.height))) {
                        needsFrame = true
                    }
                case .dropped(let paths):
                    if let path = paths.first {
                        session.open(path)
                        window.setTitle("Shaderbench — \(path)")
                    }
                case .key(let key):
                    trace?.record("key", ["key": .string("\(key)")])
                    needsFrame = true
                    switch key {
                    case .escape, .letter("q"): window.shouldClose = true
                    case .space: clock.togglePause()
                    case .letter("r"): session.reload(reason: "key")
                    case .letter("h"): showHelp.toggle()
                    case .letter("f"): window.toggleFullscreen()
                    case .tab: session.cycleViewedNode(backwards: false)
                    case .shiftTab: session.cycleViewedNode(backwards: true)
                    case .letter("s"):
                        notice = (saveScreenshot(session), .now + .seconds(4))
                    default: break
                    }
                }
            }
            session.pollFiles()
            wakeup?.acknowledge()
            session.collectCompiles()

            let executorIdentity = session.executor.map(ObjectIdentifier.init)
            if executorIdentity != shownExecutor || session.diagnostics.count != shownErrors {
                needsFrame = true
                shownExecutor = executorIdentity
                shownErrors = session.diagnostics.count
            }
            let cameraFrames = session.cameraFrames.value
            if cameraFrames != camerasSeen {
                camerasSeen = cameraFrames
                needsFrame = true
            }
            let cameraNotices = session.cameraNotices
            if cameraNotices != shownCameraNotices {
                // The terminal gets each change once, so a log shows when a camera went and came back.
                for line in cameraNotices where !shownCameraNotices.contains(line) { StandardStreams.error("warning: \(line)\n") }
                if cameraNotices.isEmpty { StandardStreams.error("camera: streaming\n") }
                shownCameraNotices = cameraNotices
                needsFrame = true
            }
            if let current = notice, current.until <= .now {
                notice = nil
                needsFrame = true
            }
            guard needsFrame || animating else { continue }

            if animating {
                // Frames start a frame interval apart; rendering time comes out of the interval, not on top.
                let wait = lastFrameStart + frameInterval - .now
                if wait > .zero { Thread.sleep(forTimeInterval: LiveSession.milliseconds(wait) / 1000) }
            }
            lastFrameStart = .now
            let size = window.framebufferSize
            let viewport = PixelSize(width: max(1, size.width), height: max(1, size.height))
            session.executor?.mouse = pointer.shaderToyMouse
            session.executor?.pointer = pointer.normalised
            let buttons = pointer.takeButtonChanges()
            if let press = buttons.press { session.executor?.pointerPressed(at: press) }
            if let release = buttons.release { session.executor?.pointerReleased(at: release) }
            session.executor?.keysHeld = keysHeld
            do {
                if let image = try session.render(FrameTime(index: clock.frameIndex, seconds: clock.seconds)) {
                    presenter.present(image, viewport: viewport)
                } else {
                    presenter.clear(viewport: viewport)
                }
                lastRenderError = nil
            } catch {
                // Printed once, not once a frame, while the same failure repeats.
                if error.message != lastRenderError { StandardStreams.error("error: \(error.message)\n") }
                lastRenderError = error.message
            }
            panels.draw(status: OverlayPanels.Status(composition: session.path, node: session.shownNode,
                                                     framesPerSecond: statistics.framesPerSecond,
                                                     frameMilliseconds: statistics.frameMilliseconds,
                                                     paused: clock.isPaused, compiling: session.isCompiling,
                                                     notices: [notice?.text].compactMap { $0 } + cameraNotices),
                        diagnostics: session.diagnostics, showHelp: showHelp, viewport: viewport)
            window.swapBuffers()
            statistics.framePresented()
            trace?.record("frame-presented", ["frame": .integer(clock.frameIndex), "programs": .integers(session.programIdentifiers)])
            clock.advanceFrame()
            needsFrame = false
        }
        withExtendedLifetime(wakeup) {}
    }

    private static func saveScreenshot(_ session: LiveSession) -> String {
        guard let image = session.executor.flatMap({ $0.image(of: session.shownNode) }) else {
            return "nothing to save yet"
        }
        let name = session.path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "shaderbench"
        do {
            let path = try Screenshots.save(image, name: name)
            StandardStreams.output("screenshot: \(path)\n")
            return "screenshot saved to \(path)"
        } catch {
            StandardStreams.error("error: screenshot not saved: \(error)\n")
            return "screenshot not saved: \(error)"
        }
    }
}

import CGLFW
import OperatingSystem

/// A GLFW window with an OpenGL ES 3.0 context, and GLFW itself, which it initialises. Everything here runs
/// on the main thread: GLFW requires it for windows and events, and the context is current there.
final class GLFWWindow {
    private let handle: OpaquePointer
    /// A hidden window whose context shares objects with the visible one, for compiling off the frame path.
    let sharedContext: OpaquePointer
    private var events: [WindowEvent] = []
    /// The pointer's last position in window units, from motion events.
    private var cursor: (x: Double, y: Double) = (0, 0)
    private var windowedFrame: (x: Int32, y: Int32, width: Int32, height: Int32)?

    /// GLFW reports errors through a callback; the last one is kept for the error that follows.
    private static let lastError = Locked<String?>(nil)

    init(title: String, width: Int, height: Int) throws(WindowError) {
        glfwSetErrorCallback { _, description in
            let text = description.map { String(cString: $0) } ?? "unknown GLFW error"
            GLFWWindow.lastError.withLock { $0 = text }
        }
        guard glfwInit() == GLFW_TRUE else {
            let reason = Self.lastError.withLock { $0 } ?? "unknown reason"
            if reason.contains("DISPLAY") {
                throw WindowError("There is no display to open a window on (DISPLAY is not set); use `shaderbench render COMPOSITION --out frame-%04d.png` to draw frames without one.")
            }
            throw WindowError("The window system could not start (\(reason)); use `shaderbench render COMPOSITION --out frame-%04d.png` to draw frames without one.")
        }
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE)
        guard let handle = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let reason = Self.lastError.withLock { $0 } ?? "unknown reason"
            glfwTerminate()
            throw WindowError("No OpenGL ES 3.0 window could be created (\(reason)).")
        }
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE)
        guard let shared = glfwCreateWindow(1, 1, "", nil, handle) else {
            glfwDestroyWindow(handle)
            glfwTerminate()
            throw WindowError("No second OpenGL ES context could be created to compile shaders beside the window.")
        }
        self.handle = handle
        self.sharedContext = shared
        glfwMakeContextCurrent(handle)
        glfwSwapInterval(1)
        glfwSetWindowUserPointer(handle, Unmanaged.passUnretained(self).toOpaque())
        installCallbacks()
    }

    private static func owner(of window: OpaquePointer?) -> GLFWWindow? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<GLFWWindow>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// GLFW calls these from glfwPollEvents/glfwWaitEvents on the main thread; they only queue events.
    private func installCallbacks() {
        glfwSetKeyCallback(handle) { window, key, _, action, modifiers in
            guard let owner = GLFWWindow.owner(of: window) else { return }
            if action == GLFW_PRESS || action == GLFW_RELEASE {
                let name: String? = switch key {
                case GLFW_KEY_SPACE: "space"
                case GLFW_KEY_A...GLFW_KEY_Z: String(Character(Unicode.Scalar(UInt8(key - GLFW_KEY_A) + UInt8(ascii: "a"))))
                default: nil
                }
                func transition(down: Bool) -> [WindowEvent] {
                    [name.map { .keyHeld($0, down) }, JavaScriptKeyCode.of(glfwKey: key).map { .keyCode($0, down) }].compactMap { $0 }
                }
                // Without detectable auto-repeat (Xvfb) a held key repeats as a release and a press in one batch of
                // events: the pair is taken for the repeat it is, so a held key stays held and toggles once.
                let release = transition(down: false)
                if action == GLFW_PRESS, !release.isEmpty, owner.events.suffix(release.count).elementsEqual(release) {
                    owner.events.removeLast(release.count)
                } else {
                    owner.events += transition(down: action == GLFW_PRESS)
                }
            }
            guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
            let shifted = modifiers & GLFW_MOD_SHIFT != 0
            let letter = (GLFW_KEY_A...GLFW_KEY_Z).contains(key) ? Character(Unicode.Scalar(UInt8(key - GLFW_KEY_A) + UInt8(ascii: "a"))) : nil
            if modifiers & GLFW_MOD_CONTROL != 0 {
                if let letter { owner.events.append(.key(.control(letter, shifted: shifted))) }
                return
            }
            let mapped: WindowKey? = switch key {
            case GLFW_KEY_SPACE: .space
            case GLFW_KEY_ESCAPE: .escape
            case GLFW_KEY_TAB: shifted ? .shiftTab : .tab
            case GLFW_KEY_LEFT: .left
            case GLFW_KEY_RIGHT: .right
            case GLFW_KEY_DELETE, GLFW_KEY_BACKSPACE: .delete
            default: letter.map(WindowKey.letter)
            }
            // Other keys (Enter, Backspace, the arrows up and down) are the interface's: it sees them only in a frame
            // drawn while they are down.
            owner.events.append(mapped.map(WindowEvent.key) ?? .interfaceInput)
        }
        glfwSetDropCallback(handle) { window, count, paths in
            guard let owner = GLFWWindow.owner(of: window), let paths else { return }
            let dropped = (0..<Int(count)).compactMap { paths[$0].map { String(cString: $0) } }
            owner.events.append(.dropped(paths: dropped))
        }
        glfwSetCursorPosCallback(handle) { window, x, y in
            guard let owner = GLFWWindow.owner(of: window) else { return }
            owner.cursor = (x, y)
            owner.queuePointer()
        }
        glfwSetMouseButtonCallback(handle) { window, _, _, _ in GLFWWindow.owner(of: window)?.queuePointer() }
        glfwSetScrollCallback(handle) { window, _, steps in GLFWWindow.owner(of: window)?.events.append(.scroll(steps)) }
        glfwSetCharCallback(handle) { window, _ in GLFWWindow.owner(of: window)?.events.append(.interfaceInput) }
        glfwSetFramebufferSizeCallback(handle) { window, _, _ in GLFWWindow.owner(of: window)?.events.append(.damaged) }
        glfwSetWindowRefreshCallback(handle) { window in GLFWWindow.owner(of: window)?.events.append(.damaged) }
    }

    /// The pointer where the last motion event put it: asking the server instead would give where it is now,
    /// which after a fast drag is not where the button went down.
    private func queuePointer() {
        events.append(pointerEvent(at: cursor))
    }

    /// Where the pointer is now, asked of the server, as a pointer event: for what starts following the pointer
    /// while it rests, which no motion event will tell until it moves.
    func pointerNow() -> WindowEvent {
        var x = 0.0, y = 0.0
        glfwGetCursorPos(handle, &x, &y)
        return pointerEvent(at: (x, y))
    }

    /// `cursor`, in window units, as an event in framebuffer pixels (HiDPI screens have more of those).
    private func pointerEvent(at cursor: (x: Double, y: Double)) -> WindowEvent {
        let (x, y) = cursor
        var windowWidth: Int32 = 0, windowHeight: Int32 = 0
        glfwGetWindowSize(handle, &windowWidth, &windowHeight)
        let framebuffer = framebufferSize
        let scaleX = windowWidth > 0 ? Double(framebuffer.width) / Double(windowWidth) : 1
        let scaleY = windowHeight > 0 ? Double(framebuffer.height) / Double(windowHeight) : 1
        let pressed = glfwGetMouseButton(handle, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS
        let right = glfwGetMouseButton(handle, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS
        let shift = glfwGetKey(handle, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS || glfwGetKey(handle, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS
        return .pointer(x: x * scaleX, y: y * scaleY, pressed: pressed, panning: right || pressed && shift)
    }

    /// Waits up to `timeout` seconds for events (zero: just collect what is there), then returns them.
    func events(waitingUpTo timeout: Double) -> [WindowEvent] {
        if timeout > 0 {
            glfwWaitEventsTimeout(timeout)
        } else {
            glfwPollEvents()
        }
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Wakes a main loop waiting in `events(waitingUpTo:)`; safe from any thread.
    static func wake() {
        glfwPostEmptyEvent()
    }

    var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    /// The drawable size in pixels, which differs from the window size on HiDPI screens.
    var framebufferSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetFramebufferSize(handle, &width, &height)
        return (Int(width), Int(height))
    }

    /// The window's size in the units GLFW and the interface place things in (pixels on X11).
    var windowSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetWindowSize(handle, &width, &height)
        return (Int(width), Int(height))
    }

    /// The GLFWwindow, for the interface, which reads its input and draws into its context.
    var nativeHandle: OpaquePointer { handle }

    /// How many pixels a point is: text is drawn this much larger on HiDPI screens.
    var contentScale: Float {
        var x: Float = 1
        var y: Float = 1
        glfwGetWindowContentScale(handle, &x, &y)
        return max(1, x)
    }

    func setTitle(_ title: String) {
        glfwSetWindowTitle(handle, title)
    }

    func swapBuffers() {
        glfwSwapBuffers(handle)
    }

    /// Between the window's own size and its monitor's whole screen.
    func toggleFullscreen() {
        if let frame = windowedFrame {
            glfwSetWindowMonitor(handle, nil, frame.x, frame.y, frame.width, frame.height, GLFW_DONT_CARE)
            windowedFrame = nil
            return
        }
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return }
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        glfwGetWindowPos(handle, &x, &y)
        glfwGetWindowSize(handle, &width, &height)
        windowedFrame = (x, y, width, height)
        glfwSetWindowMonitor(handle, monitor, 0, 0, mode.pointee.width, mode.pointee.height, mode.pointee.refreshRate)
    }

    deinit {
        glfwDestroyWindow(sharedContext)
        glfwDestroyWindow(handle)
        glfwTerminate()
    }
}

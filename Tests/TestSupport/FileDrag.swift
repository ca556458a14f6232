import Foundation

/// Drops files onto a window the way a file manager does, over the XDND protocol (version 5): the window
/// is told a drag of `text/uri-list` entered, where it is, and that it was dropped; it then asks for the
/// list through the `XdndSelection` selection, which this drag owns and answers. Xlib is loaded at run time
/// (GLFW's windows need it anyway), so the tests need no X headers.
public enum FileDrag {
    /// Drops `paths` at (`x`, `y`) of the screen onto `window` (an X window id, as `xdotool search` prints
    /// it), and waits up to `timeout` seconds for the window to say it is finished with the drop.
    public static func drop(_ paths: [String], on window: UInt, at x: Int, _ y: Int, display: String,
                            timeout: TimeInterval = 5) throws {
        let x11 = try Xlib()
        guard let connection = display.withCString({ x11.openDisplay($0) }) else {
            throw TestSupportError("cannot connect to the X display \(display)")
        }
        defer { _ = x11.closeDisplay(connection) }
        func atom(_ name: String) -> UInt { name.withCString { x11.internAtom(connection, $0, 0) } }
        let selection = atom("XdndSelection"), uriList = atom("text/uri-list")
        let root = x11.defaultRootWindow(connection)
        let source = x11.createSimpleWindow(connection, root, 0, 0, 1, 1, 0, 0, 0)
        _ = x11.setSelectionOwner(connection, selection, source, 0)

        func send(_ message: String, _ data: [Int]) {
            var event = XEvent(type: XEvent.clientMessage, display: connection)
            // window, message_type, format, then data.l[0...4]
            event.words[4] = Int(bitPattern: window)
            event.words[5] = Int(bitPattern: atom(message))
            event.words[6] = 32
            for (index, value) in data.enumerated() { event.words[7 + index] = value }
            _ = event.words.withUnsafeMutableBytes { x11.sendEvent(connection, window, 0, 0, $0.baseAddress!) }
            _ = x11.flush(connection)
        }
        let sourceWord = Int(bitPattern: source)
        send("XdndEnter", [sourceWord, 5 << 24, Int(bitPattern: uriList), 0, 0])
        send("XdndPosition", [sourceWord, 0, (x << 16) | y, 0, Int(bitPattern: atom("XdndActionCopy"))])
        send("XdndDrop", [sourceWord, 0, 0])

        let list = paths.map { "file://" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0) + "\r\n" }.joined()
        let finished = atom("XdndFinished")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard x11.pending(connection) > 0 else {
                Thread.sleep(forTimeInterval: 0.01)
                continue
            }
            var event = XEvent(type: 0, display: connection)
            _ = event.words.withUnsafeMutableBytes { x11.nextEvent(connection, $0.baseAddress!) }
            switch event.words[0] & 0xffff_ffff {
            case XEvent.selectionRequest:
                // The window asks for the list: write it to the property it named, then say so. The request
                // holds owner, requestor, selection, target, property and time from word 4 on.
                let requestor = UInt(bitPattern: event.words[5])
                let property = UInt(bitPattern: event.words[8])
                let bytes = Array(list.utf8)
                _ = bytes.withUnsafeBufferPointer {
                    x11.changeProperty(connection, requestor, property, uriList, 8, 0, $0.baseAddress, Int32($0.count))
                }
                // The answer holds requestor, selection, target, property and time from word 4 on.
                var reply = XEvent(type: XEvent.selectionNotify, display: connection)
                reply.words[4...8] = event.words[5...9]
                _ = reply.words.withUnsafeMutableBytes { x11.sendEvent(connection, requestor, 0, 0, $0.baseAddress!) }
                _ = x11.flush(connection)
            case XEvent.clientMessage where UInt(bitPattern: event.words[5]) == finished:
                return
            default:
                break
            }
        }
        throw TestSupportError("the window never finished the drop of \(paths)")
    }

    /// Xlib's `XEvent`: a union of 24 longs. Events are read and written by the word, at the offsets of
    /// the LP64 layouts of `XClientMessageEvent`, `XSelectionRequestEvent` and `XSelectionEvent`.
    private struct XEvent {
        static let selectionRequest = 30
        static let selectionNotify = 31
        static let clientMessage = 33
        var words = [Int](repeating: 0, count: 24)

        /// An event of `type`, marked as sent by a client, from `display`: the words every event starts with.
        init(type: Int, display: OpaquePointer) {
            words[0] = type
            words[2] = 1
            words[3] = Int(bitPattern: display)
        }
    }

    /// The few Xlib functions a drag needs, looked up in libX11 at run time.
    private struct Xlib {
        let openDisplay: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        let closeDisplay: @convention(c) (OpaquePointer) -> Int32
        let internAtom: @convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32) -> UInt
        let defaultRootWindow: @convention(c) (OpaquePointer) -> UInt
        let createSimpleWindow: @convention(c) (OpaquePointer, UInt, Int32, Int32, UInt32, UInt32, UInt32, UInt, UInt) -> UInt
        let setSelectionOwner: @convention(c) (OpaquePointer, UInt, UInt, UInt) -> Int32
        let sendEvent: @convention(c) (OpaquePointer, UInt, Int32, Int, UnsafeMutableRawPointer) -> Int32
        let flush: @convention(c) (OpaquePointer) -> Int32
        let pending: @convention(c) (OpaquePointer) -> Int32
        let nextEvent: @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Int32
        let changeProperty: @convention(c) (OpaquePointer, UInt, UInt, UInt, Int32, Int32, UnsafePointer<UInt8>?, Int32) -> Int32

        init() throws {
            guard let library = dlopen("libX11.so.6", RTLD_NOW) else {
                throw TestSupportError("libX11.so.6 could not be loaded: \(String(cString: dlerror()))")
            }
            func function<T>(_ name: String) throws -> T {
                guard let symbol = dlsym(library, name) else { throw TestSupportError("libX11 has no \(name)") }
                return unsafeBitCast(symbol, to: T.self)
            }
            openDisplay = try function("XOpenDisplay")
            closeDisplay = try function("XCloseDisplay")
            internAtom = try function("XInternAtom")
            defaultRootWindow = try function("XDefaultRootWindow")
            createSimpleWindow = try function("XCreateSimpleWindow")
            setSelectionOwner = try function("XSetSelectionOwner")
            sendEvent = try function("XSendEvent")
            flush = try function("XFlush")
            pending = try function("XPending")
            nextEvent = try function("XNextEvent")
            changeProperty = try function("XChangeProperty")
        }
    }
}

import Foundation
import OSC
import OperatingSystem
import Testing
import TestSupport

/// `open --osc PORT`: the real window under Xvfb, driven through liblo over loopback UDP.
@Suite("OSC control of the window", .serialized)
struct OSCWindowTests {
    static let shader = """
        precision mediump float;
        uniform float brightness;
        uniform vec3 tint;
        void main() { gl_FragColor = vec4(tint * brightness, 1.0); }
        """

    static let composition = """
        composition: 1
        size: [64, 64]
        nodes:
          fill: { kind: shader, file: tinted.fsh, uniforms: { brightness: 1.0, tint: [1, 0, 0] } }
        output: fill
        publish: [fill.brightness, fill.tint]
        """

    /// Two nodes: the tinted fill shown, and a blue one that reads the clock, so while it is shown the window
    /// animates.
    static let twoNodes = """
        composition: 1
        size: [64, 64]
        nodes:
          fill: { kind: shader, file: tinted.fsh, uniforms: { brightness: 1.0, tint: [1, 0, 0] } }
          moving: { kind: shader, file: moving.glsl }
        output: fill
        publish: [fill.brightness, fill.tint]
        """

    static let moving = """
        void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            fragColor = vec4(0.0, 0.0, min(1.0, 1.0 + abs(sin(iTime))), 1.0);
        }
        """

    /// A UDP port free a moment ago: liblo picks one, which closes again.
    static func freePort() throws -> Int {
        try OSCReceiver(port: 0) { _ in }.port
    }

    func openWindow(port: Int, composition: String = Self.composition) throws -> LiveWindow {
        try LiveWindow(composition: composition, arguments: ["--osc", "\(port)"]) { folder in
            _ = try folder.write("compositions/tinted.fsh", Self.shader)
            _ = try folder.write("compositions/moving.glsl", Self.moving)
        }
    }

    @Test("/shaderbench/show NODE shows that node's image")
    func showsNode() throws {
        let port = try Self.freePort()
        let window = try openWindow(port: port, composition: Self.twoNodes)
        #expect(try window.waitForCentre(red))
        try OSCSender(host: "127.0.0.1", port: port).send("/shaderbench/show", arguments: [.string("moving")])
        #expect(try window.waitForCentre(blue), "\(window.app.error)")
    }

    @Test("the guide's oscsend example plays compositions/tour.yaml: each of its messages is taken, none warned about")
    func guideExample() throws {
        let page = try String(contentsOfFile: Repository.path("docs/live-control.md"), encoding: .utf8)
        let sends = page.split(separator: "\n").filter { $0.hasPrefix("oscsend localhost 9000 /") && !$0.contains("/shaderbench/midi") }
            .map { $0.split(separator: " ").dropFirst(3).map(String.init) }
        try #require(!sends.isEmpty && page.contains("shaderbench compositions/tour.yaml --osc 9000 &"))
        // The tour as it is, its relative paths made the repository's.
        let tour = try String(contentsOfFile: Repository.path("compositions/tour.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "../", with: Repository.root + "/")
        let port = try Self.freePort()
        let window = try LiveWindow(composition: tour, arguments: ["--osc", "\(port)"])
        #expect(eventually(timeout: 30) { window.count(of: "frame-presented") > 0 && window.app.error.contains("listening for OSC") },
                "stderr: \(window.app.error)")
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        for send in sends {
            let (address, tags, values) = (send[0], Array(send.count > 1 ? send[1] : ""), send.dropFirst(2))
            let arguments = zip(tags, values).map { tag, value -> OSCMessage.Argument in
                tag == "s" ? .string(value) : tag == "i" ? .integer(Int64(value) ?? 0) : .float(Double(value) ?? .nan)
            }
            try sender.send(address, arguments: arguments)
        }
        #expect(eventually { window.trace.parameterValues("tone", "intensity").contains { abs($0[0] - 0.3) < 1e-6 } }, "\(window.app.error)")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!window.app.error.contains("warning: OSC"), "\(window.app.error)")
    }

    @Test("a message sent while the first graph is still compiling waits for it, and is taken then, not refused")
    func messageBeforeTheFirstGraph() throws {
        // Eighty lines of this take llvmpipe a few seconds to compile, so the window listens well before its graph is up.
        let body = (0..<80).map { "    c = sin(c * \($0 % 7).01 + c.yzwx) * gain;" }.joined(separator: "\n")
        let port = try Self.freePort()
        let window = try LiveWindow(composition: """
            composition: 1
            size: [64, 64]
            nodes:
              slow: { kind: shader, file: slow.fsh, uniforms: { gain: 1.0 } }
            output: slow
            publish: [slow.gain]
            """, arguments: ["--osc", "\(port)"]) { folder in
            _ = try folder.write("compositions/slow.fsh", """
                precision highp float;
                uniform float gain;
                void main() {
                    vec4 c = vec4(gl_FragCoord.xy / 64.0, 0.0, 1.0);
                \(body)
                    gl_FragColor = c;
                }
                """)
        }
        #expect(eventually(timeout: 30) { window.app.error.contains("listening for OSC") }, "stderr: \(window.app.error)")
        // Sent before the graph is up on any machine slow enough to compile it for longer than the window takes to
        // open (this one, by seconds); where the graph wins, the message must still be taken.
        try OSCSender(host: "127.0.0.1", port: port).send("/slow/gain", arguments: [.float(0.25)])
        #expect(eventually(timeout: 30) { window.trace.parameterValues("slow", "gain").contains { abs($0[0] - 0.25) < 1e-6 } }, "\(window.app.error)")
        #expect(!window.app.error.contains("warning: OSC"), "\(window.app.error)")
    }

    @Test("/shaderbench/pause stops an animated window's frames and /shaderbench/play starts them again")
    func pausesAndPlays() throws {
        let port = try Self.freePort()
        let window = try openWindow(port: port, composition: Self.twoNodes)
        // The window draws, so it listens, before anything is sent.
        #expect(try window.waitForCentre(red))
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        try sender.send("/shaderbench/show", arguments: [.string("moving")])
        #expect(try window.waitForCentre(blue))
        let animating = window.trace.frames.count
        #expect(eventually { window.trace.frames.count > animating + 5 }, "the moving node animates")
        try sender.send("/shaderbench/pause", [])
        Thread.sleep(forTimeInterval: 0.5)
        let paused = window.trace.frames.count
        Thread.sleep(forTimeInterval: 1)
        #expect(window.trace.frames.count <= paused + 1, "no frames while paused")
        try sender.send("/shaderbench/play", [])
        #expect(eventually { window.trace.frames.count > paused + 5 }, "frames again after play")
    }

    @Test("/shaderbench/reload loads the composition again")
    func reloads() throws {
        let port = try Self.freePort()
        let window = try openWindow(port: port)
        #expect(try window.waitForCentre(red))
        try OSCSender(host: "127.0.0.1", port: port).send("/shaderbench/reload", [])
        #expect(eventually { window.trace.events.contains { $0.name == "reload" && $0.fields["reason"] as? String == "osc" } },
                "\(window.app.error)")
    }

    @Test("a colour and a float sent over OSC change the image, traced as parameter-changed")
    func setsParameters() throws {
        let port = try Self.freePort()
        let window = try openWindow(port: port)
        #expect(try window.waitForCentre(red))
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        try sender.send("/fill/tint", [0, 1, 0])
        #expect(try window.waitForCentre(green), "\(window.app.error)")
        #expect(window.trace.parameterValues("fill", "tint").contains([0, 1, 0]))
        try sender.send("/fill/brightness", arguments: [.float(0.5)], floatsAsDoubles: true)
        #expect(try window.waitForCentre((0, 128, 0)), "\(window.app.error)")
        #expect(window.trace.parameterValues("fill", "brightness").contains([0.5]))
    }

    @Test("a wrong type and an unknown address are each warned about once, and change nothing")
    func warnsOnce() throws {
        let port = try Self.freePort()
        let window = try openWindow(port: port)
        #expect(try window.waitForCentre(red))
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        for _ in 0..<3 {
            try sender.send("/fill/brightness", arguments: [.string("bright")])
            try sender.send("/fill/tint", [0, 1])
            try sender.send("/fill/nothing", [1])
        }
        // A good message after them: once it shows, the bad ones were handled before it.
        try sender.send("/fill/tint", [0, 0, 1])
        #expect(try window.waitForCentre(blue), "\(window.app.error)")
        let error = window.app.error
        #expect(error.components(separatedBy: "warning: OSC /fill/brightness: fill.brightness is float (1 number); the message has type tags ',s' [SB4103]\n").count == 2, "\(error)")
        #expect(error.components(separatedBy: "warning: OSC /fill/tint: fill.tint is vec3 (3 numbers); the message has 2").count == 2, "\(error)")
        #expect(error.components(separatedBy: "warning: OSC /fill/nothing: no published parameter fill.nothing").count == 2, "\(error)")
        #expect(window.trace.parameterValues("fill", "brightness").isEmpty)
    }

    @Test("NaN and infinities over OSC are refused, said once per address, and Ctrl-S writes only the finite value sent after them")
    func refusesNonFinite() throws {
        let port = try Self.freePort()
        let window = try openWindow(port: port)
        #expect(try window.waitForCentre(red))
        let sender = try OSCSender(host: "127.0.0.1", port: port)
        for _ in 0..<3 {
            try sender.send("/fill/brightness", arguments: [.float(.nan)])
            try sender.send("/fill/tint", arguments: [.float(.infinity), .float(0.5), .float(0.25)])
        }
        // A double too large for a float becomes an infinity on the way in, and is refused as one.
        try sender.send("/fill/brightness", arguments: [.float(1e300)], floatsAsDoubles: true)
        try sender.send("/fill/tint", [0, 1, 0])
        #expect(try window.waitForCentre(green), "\(window.app.error)")
        #expect(window.trace.parameterValues("fill", "brightness").isEmpty, "brightness kept its value")
        try window.pressAndWait("ctrl+s")
        #expect(eventually { window.app.output.contains("saved fill.tint to") }, "stdout: \(window.app.output)")
        let saved = try String(contentsOfFile: window.compositionPath, encoding: .utf8)
        #expect(saved == Self.composition.replacingOccurrences(of: "tint: [1, 0, 0]", with: "tint: [0, 1, 0]"),
                "only the finite tint is written: \(saved)")
        let error = window.app.error
        #expect(error.components(separatedBy: "warning: OSC /fill/brightness: fill.brightness: nan is not a number a parameter can take (only finite numbers are) [SB4103]\n").count == 2, "\(error)")
        #expect(error.components(separatedBy: "warning: OSC /fill/tint: fill.tint: inf is not a number a parameter can take").count == 2, "\(error)")
        #expect(!error.contains("/fill/brightness: fill.brightness: inf"), "said once per address: \(error)")
    }

    @Test("osc-out: the window sends a value node's centroid of its image to a liblo server")
    func sendsValues() throws {
        let received = Locked<[OSCMessage]>([])
        let server = try OSCReceiver(port: 0) { message in received.withLock { $0.append(message) } }
        // A white right half: its centroid is at x 0.75, y 0.5, covering half the image.
        let composition = """
            composition: 1
            size: [64, 64]
            nodes:
              half: { kind: shader, file: half.glsl }
              where: { kind: centroid, input: half }
            output: half
            osc-out: { host: 127.0.0.1, port: \(server.port), values: [where] }
            """
        let window = try LiveWindow(composition: composition) { folder in
            _ = try folder.write("compositions/half.glsl", """
                void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                    fragColor = vec4(vec3(fragCoord.x >= iResolution.x * 0.5 ? 1.0 : 0.0), 1.0);
                }
                """)
        }
        #expect(eventually { !received.withLock { $0 }.isEmpty }, "\(window.app.error)")
        let message = try #require(received.withLock { $0 }.first)
        #expect(message.address == "/where")
        let numbers = message.arguments.compactMap(\.number)
        #expect(numbers.count == 3 && abs(numbers[0] - 0.75) < 0.01 && abs(numbers[1] - 0.5) < 0.01 && abs(numbers[2] - 0.5) < 0.01,
                "\(numbers)")
    }

    @Test("the composition's osc: PORT listens as --osc does, moves when a save changes it, and a port in use is an error at the entry while the window runs on")
    func compositionPort() throws {
        let first = try Self.freePort()
        let window = try LiveWindow(composition: Self.composition + "\nosc: \(first)\n") { folder in
            _ = try folder.write("compositions/tinted.fsh", Self.shader)
        }
        #expect(try window.waitForCentre(red))
        #expect(eventually { window.trace.events.contains { $0.name == "osc-listening" && $0.fields["port"] as? Int == first } }, "\(window.app.error)")
        try OSCSender(host: "127.0.0.1", port: first).send("/fill/tint", [0, 0, 1])
        #expect(try window.waitForCentre(blue), "\(window.app.error)")

        // Another port in the composition: the window moves there.
        let second = try Self.freePort()
        let path = window.compositionPath
        try (Self.composition + "\nosc: \(second)\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(eventually { window.trace.events.contains { $0.name == "osc-listening" && $0.fields["port"] as? Int == second } }, "\(window.app.error)")
        try OSCSender(host: "127.0.0.1", port: second).send("/fill/tint", [1, 0, 0])
        #expect(try window.waitForCentre(red), "\(window.app.error)")

        // A port another program holds: said once, at the entry, and the window runs on.
        let taken = try OSCReceiver(port: 0) { _ in }
        try (Self.composition + "\nosc: \(taken.port)\n").write(toFile: path, atomically: true, encoding: .utf8)
        let message = "fill.yaml:7:6: error: cannot listen for OSC on UDP port \(taken.port): the port is in use by another program; choose another [SB4102]"
        #expect(eventually { window.app.error.contains(message) }, "\(window.app.error)")
        try (Self.composition.replacingOccurrences(of: "tint: [1, 0, 0]", with: "tint: [0, 0, 1]") + "\nosc: \(taken.port)\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try window.waitForCentre(blue), "the window runs on: \(window.app.error)")
        #expect(window.app.error.components(separatedBy: message).count == 2, "said once: \(window.app.error)")
    }

    @Test("a port already in use is a clear error naming it")
    func portInUse() throws {
        let taken = try OSCReceiver(port: 0) { _ in }
        let window = try openWindow(port: taken.port)
        #expect(window.app.waitForExit(timeout: 20))
        #expect(window.app.status == 3)
        #expect(window.app.error.contains("cannot listen for OSC on UDP port \(taken.port): the port is in use by another program; choose another [SB4102]\n"),
                "\(window.app.error)")
    }
}

import Foundation
import OSC
import Testing
import TestSupport

/// A compute kernel's published uniform in the real window: offered in the panel with the kernel's label, tuned
/// over OSC into the running kernel, undone and redone, and written back into the node's `uniforms:` by Ctrl-S.
@Suite("Compute parameters in the window", .serialized)
struct ComputeParameterWindowTests {
    static let kernel = """
        #version 310 es
        layout(local_size_x = 8, local_size_y = 8) in;
        layout(rgba8, binding = 0) writeonly uniform highp image2D result;
        uniform highp float gain;   // default: 0.2, range: 0...1, label: "Gain"
        void main() {
            imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(gain, 0.0, 1.0 - gain, 1.0));
        }
        """

    static let composition = """
        composition: 1
        size: [64, 64]
        nodes:
          kernel: { kind: compute, file: gain.comp, uniforms: { gain: 0.2 } }
        output: kernel
        publish: [kernel.gain]
        """

    /// The kernel's store of `gain`, as rgba8 keeps it: round(v × 255).
    static func colour(gain: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8((gain * 255).rounded()), 0, UInt8(((1 - gain) * 255).rounded()))
    }

    @Test("OSC tunes the kernel's uniform in place; Ctrl-Z and Ctrl-Shift-Z take it back and again; Ctrl-S writes it into the file")
    func tunedUndoneSaved() throws {
        let port = try OSCWindowTests.freePort()
        let window = try LiveWindow(composition: Self.composition, arguments: ["--osc", "\(port)"]) { folder in
            _ = try folder.write("compositions/gain.comp", Self.kernel)
        }
        #expect(try window.waitForCentre(Self.colour(gain: 0.2)), "\(window.app.error)")
        try window.pressAndWait("p")
        #expect(eventually { window.trace.control("kernel", "gain") != nil }, "the panel offers the kernel's uniform: \(window.app.error)")
        try OSCSender(host: "127.0.0.1", port: port).send("/kernel/gain", arguments: [.float(0.8)])
        #expect(try window.waitForCentre(Self.colour(gain: 0.8)), "\(window.app.error)")
        #expect(window.trace.parameterValues("kernel", "gain").last == [0.8])
        try window.pressAndWait("ctrl+z")
        #expect(try window.waitForCentre(Self.colour(gain: 0.2)))
        try window.pressAndWait("ctrl+shift+z")
        #expect(try window.waitForCentre(Self.colour(gain: 0.8)))
        try window.pressAndWait("ctrl+s")
        #expect(eventually { window.count(of: "parameters-saved") == 1 }, "stderr: \(window.app.error)")
        let saved = try String(contentsOfFile: window.compositionPath, encoding: .utf8)
        #expect(saved == Self.composition.replacingOccurrences(of: "{ gain: 0.2 }", with: "{ gain: 0.8 }"), "\(saved)")
    }
}

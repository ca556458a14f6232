import Foundation
import Testing
import TestSupport

/// `open --output v4l2:DEVICE`: the window's image written to the emulated V4L2 video output.
@Suite("The window as a virtual camera", .serialized)
struct VirtualCameraWindowTests {
    static let devices = """
        [/dev/video9]
        card = Virtual Camera
        formats = YUYV
        output = yes
        """

    /// `conversion` forces the conversion to YUV onto the GPU or the CPU (`SHADERBENCH_YUV_CONVERSION`).
    func openWindow(_ camera: EmulatedCamera, output: String, conversion: String? = nil) throws -> LiveWindow {
        var environment = camera.environment.filter { ["LD_PRELOAD", "V4L2_EMULATOR_DIR", "V4L2_EMULATOR_LAYER"].contains($0.key) }
        environment["SHADERBENCH_YUV_CONVERSION"] = conversion
        return try LiveWindow(environment: environment, arguments: ["--output", output])
    }

    @Test("the image shown reaches the device as YUYV at its size, red as the window shows it, and keeps coming while still, converted on the GPU or the CPU",
          arguments: ["gpu", "cpu"])
    func writesFrames(conversion: String) throws {
        let camera = try EmulatedCamera(devices: Self.devices)
        let window = try openWindow(camera, output: "v4l2:/dev/video9", conversion: conversion)
        #expect(try window.waitForCentre(red))
        #expect(eventually { (camera.counters["written"] ?? 0) >= 1 }, "\(window.app.error)")
        #expect(try String(contentsOfFile: camera.folder.file("output-video9.format"), encoding: .utf8) == "YUYV 64x64\n")
        // Nothing changes, yet frames keep coming at the device's rate.
        let before = camera.counters["written"] ?? 0
        Thread.sleep(forTimeInterval: 1)
        #expect((camera.counters["written"] ?? 0) >= before + 10)
        let bytes = try camera.folder.read("output-video9.yuv")
        let frame = Array(bytes.suffix(64 * 64 * 2))
        let centre = (32 * 64 + 32) * 2
        // Red in BT.601 limited range: Y 81, Cb 90, Cr 240.
        #expect(abs(Int(frame[centre]) - 81) <= 3 && abs(Int(frame[centre + 1]) - 90) <= 3 && abs(Int(frame[centre + 3]) - 240) <= 3,
                "\(frame[centre...(centre + 3)])")
        // A change reaches the device too.
        try window.writeShader("compositions/fill.fsh", red: 0, green: 0, blue: 1)
        #expect(eventually {
            let latest = Array(((try? camera.folder.read("output-video9.yuv")) ?? []).suffix(64 * 64 * 2))
            return latest.count == 64 * 64 * 2 && abs(Int(latest[centre + 1]) - 240) <= 3
        })
    }

    @Test("a capture device given as the output closes the window with a clear error")
    func captureDeviceRefused() throws {
        let camera = try EmulatedCamera()
        let window = try openWindow(camera, output: "v4l2:/dev/video0")
        #expect(window.app.waitForExit(timeout: 20))
        #expect(window.app.status == 3)
        #expect(window.app.error.contains("/dev/video0 is a capture device (Emulated Camera), not a video output"), "\(window.app.error)")
    }
}

@testable import Capture
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite("Agreeing a format with a device")
struct FormatNegotiationTests {
    /// A device that answers S_FMT, TRY_FMT and G_FMT by rules a test gives, and records what it was asked.
    final class ScriptedDevice: FormatNegotiating {
        var current: DriverFormat
        /// What the driver makes of a request; nil refuses it with EINVAL.
        let answer: (DriverFormat) -> DriverFormat?
        /// An error every S_FMT fails with (a busy device), if any.
        let setError: Int32?
        private(set) var calls: [String] = []

        init(current: DriverFormat, setError: Int32? = nil, answer: @escaping (DriverFormat) -> DriverFormat?) {
            self.current = current
            self.setError = setError
            self.answer = answer
        }

        private func ask(_ call: String, fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat {
            let asked = DriverFormat(fourcc: fourcc, width: width, height: height)
            calls.append("\(call) \(asked)")
            if call == "S_FMT", let setError { throw CaptureError(device: "/dev/video0", operation: call, code: setError) }
            guard let answered = answer(asked) else {
                throw CaptureError(device: "/dev/video0", operation: "VIDIOC_\(call) (\(asked))", code: EINVAL)
            }
            return answered
        }

        func setFormat(fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat {
            current = try ask("S_FMT", fourcc: fourcc, width: width, height: height)
            return current
        }

        func tryFormat(fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat {
            try ask("TRY_FMT", fourcc: fourcc, width: width, height: height)
        }

        func currentFormat() throws(CaptureError) -> DriverFormat {
            calls.append("G_FMT")
            return current
        }
    }

    static let uyvy320 = DriverFormat(fourcc: CameraPixelFormat.uyvy.fourcc, width: 320, height: 240, bytesPerLine: 640,
                                      byteCount: 320 * 240 * 2)

    /// A device listing YUYV and UYVY at 640×480 and 1280×720 that takes UYVY 320×240 only.
    func strictDevice() -> (ScriptedDevice, [FormatChoice.Choice]) {
        let sizes = [(640, 480), (1280, 720)].map { DeviceDescription.FrameSize(width: $0.0, height: $0.1, rates: [30]) }
        let listed = [CameraPixelFormat.yuyv, .uyvy].map { DeviceDescription.Format(fourcc: $0.fourcc, name: $0.rawValue, sizes: sizes) }
        let device = ScriptedDevice(current: Self.uyvy320) { $0.fourcc == Self.uyvy320.fourcc && $0.width == 320 && $0.height == 240 ? Self.uyvy320 : nil }
        return (device, FormatChoice.ranked(from: listed, for: CaptureRequest(width: 640, height: 480)))
    }

    @Test("every format and size a device lists is ranked, best first, so each can be asked in turn")
    func everyCandidateRanked() {
        let (_, candidates) = strictDevice()
        #expect(candidates.map { "\($0.format.rawValue) \($0.width)x\($0.height)" }
                == ["YUYV 640x480", "UYVY 640x480", "YUYV 1280x720", "UYVY 1280x720"])
    }

    @Test("a device that takes one format and size only, whatever it lists, is used in the format it is in")
    func strictDeviceIsUsed() throws {
        let (device, candidates) = strictDevice()
        let format = try FormatNegotiation.negotiate(candidates, insisting: nil, with: device)
        #expect(format.format == .uyvy && format.width == 320 && format.height == 240)
        #expect(device.calls == ["S_FMT YUYV 640×480", "TRY_FMT UYVY 640×480", "TRY_FMT YUYV 1280×720", "TRY_FMT UYVY 1280×720", "G_FMT"])
    }

    @Test("a format the device's TRY_FMT adjusts is then set as adjusted")
    func adjustedByTry() throws {
        let (_, candidates) = strictDevice()
        // Refuses 640×480 outright and moves any other size to 800×600, as some drivers' TRY_FMT does.
        let device = ScriptedDevice(current: Self.uyvy320) { asked in
            asked.width == 640 ? nil : DriverFormat(fourcc: asked.fourcc, width: 800, height: 600)
        }
        let format = try FormatNegotiation.negotiate(candidates, insisting: nil, with: device)
        #expect(format.format == .yuyv && format.width == 800 && format.height == 600)
        #expect(device.calls == ["S_FMT YUYV 640×480", "TRY_FMT UYVY 640×480", "TRY_FMT YUYV 1280×720", "S_FMT YUYV 800×600"])
    }

    @Test("a format the user insists on is never swapped for the one the device is in")
    func insistedFormatKept() {
        let (device, _) = strictDevice()
        let sizes = [DeviceDescription.FrameSize(width: 640, height: 480, rates: [30])]
        let candidates = FormatChoice.ranked(from: [DeviceDescription.Format(fourcc: CameraPixelFormat.yuyv.fourcc, name: "YUYV", sizes: sizes)],
                                             for: CaptureRequest(format: .yuyv))
        #expect {
            try FormatNegotiation.negotiate(candidates, insisting: .yuyv, with: device)
        } throws: { error in
            guard case .refused(let reason) = error as? FormatNegotiation.Failure else { return false }
            return reason == "VIDIOC_S_FMT (YUYV 640×480) failed: Invalid argument, and it stays in UYVY 320×240, not YUYV"
        }
    }

    @Test("a busy device stops the negotiation at once, without trying anything else")
    func busyStops() {
        let (_, candidates) = strictDevice()
        let device = ScriptedDevice(current: Self.uyvy320, setError: EBUSY) { $0 }
        #expect {
            try FormatNegotiation.negotiate(candidates, insisting: nil, with: device)
        } throws: { error in
            guard case .device(let failure) = error as? FormatNegotiation.Failure else { return false }
            return failure.deviceIsBusy
        }
        #expect(device.calls == ["S_FMT YUYV 640×480"])
    }
}

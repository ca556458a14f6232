#if canImport(Glibc)
import Glibc
#endif
import OperatingSystem

/// What a device answers while a format is agreed: S_FMT, TRY_FMT and G_FMT.
protocol FormatNegotiating {
    /// Sets a format; the driver answers with what it will really deliver.
    func setFormat(fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat
    /// What the driver would make of a format, changing nothing.
    func tryFormat(fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat
    /// The format the device is in now.
    func currentFormat() throws(CaptureError) -> DriverFormat
}

/// Agrees a format with a device and gives up only when it will deliver nothing the workbench takes. The best
/// candidate is set; a device that refuses it (EINVAL: some take one format and size, whatever they list) has
/// each other candidate tried and the first it accepts set; at last the format it is already in is taken as
/// it is, converted on the GPU like any other. A format the user insists on is never swapped for another. A
/// device that is busy or gone stops it at once: that is no refusal, and the caller retries later.
enum FormatNegotiation {
    enum Failure: Error {
        case device(CaptureError)
        /// Why nothing could be agreed.
        case refused(String)
    }

    static func negotiate(_ candidates: [FormatChoice.Choice], insisting insisted: CameraPixelFormat?,
                          with device: some FormatNegotiating) throws(Failure) -> CameraFormat {
        func usable(_ format: DriverFormat) -> CameraFormat? {
            guard let camera = format.cameraFormat, insisted == nil || camera.format == insisted else { return nil }
            return camera
        }
        var firstRefusal: CaptureError?
        var tried: Set<DriverFormat> = []
        for (index, candidate) in candidates.enumerated() {
            do throws(CaptureError) {
                var wanted = DriverFormat(fourcc: candidate.format.fourcc, width: candidate.width, height: candidate.height)
                if index > 0 {
                    wanted = try device.tryFormat(fourcc: wanted.fourcc, width: wanted.width, height: wanted.height)
                    guard usable(wanted) != nil, tried.insert(wanted).inserted else { continue }
                }
                let set = try device.setFormat(fourcc: wanted.fourcc, width: wanted.width, height: wanted.height)
                if let format = usable(set) { return format }
            } catch where error.code == EINVAL {
                if firstRefusal == nil { firstRefusal = error }
            } catch {
                throw .device(error)
            }
        }
        let current: DriverFormat
        do throws(CaptureError) {
            current = try device.currentFormat()
        } catch where error.code == EINVAL {
            throw .refused(refusal(firstRefusal, among: candidates.count, state: "it does not say which format it is in"))
        } catch {
            throw .device(error)
        }
        if let format = usable(current) { return format }
        let state = insisted.map { "it stays in \(current), not \($0.rawValue)" } ?? "it stays in \(current), which the workbench does not take"
        throw .refused(refusal(firstRefusal, among: candidates.count, state: state))
    }

    private static func refusal(_ first: CaptureError?, among count: Int, state: String) -> String {
        guard let first else { return state }
        let others = count > 1 ? ", as did every other format it lists," : ","
        return "\(first.operation) failed: \(SystemError.reason(for: first.code))\(others) and \(state)"
    }
}

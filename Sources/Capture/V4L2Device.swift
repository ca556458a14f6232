import CV4L2
import OperatingSystem
#if canImport(Glibc)
import Glibc
#endif

/// An open V4L2 device through libv4l2: the only file that talks to it. Every call that fails throws a
/// `CaptureError` with the device and the operation; the descriptor and any mapped buffers are released
/// when the value goes away.
final class V4L2Device: FormatNegotiating {
    /// Whether libv4l2 converts frames on the CPU. Without, the device offers its own formats only, and
    /// frames come as it sends them; with, libv4l2 adds its emulated formats (V4L2_FMT_FLAG_EMULATED), made
    /// from one of the device's own. libv4l2 converting hides some of the device's own formats (NV12 when
    /// it has nothing else) behind emulated ones, so a device is opened with it only to use those.
    enum Conversion {
        case none
        case libv4l2
    }

    let path: String
    let descriptor: Int32
    private var mappings: [(address: UnsafeMutableRawPointer, length: Int)] = []
    private var streaming = false

    /// Set up once, before the first device is opened.
    private static let logKeptOffTheTerminal: Void = cv4l2_keep_log_off_the_terminal()

    init(path: String, conversion: Conversion = .none) throws(CaptureError) {
        self.path = path
        Self.logKeptOffTheTerminal
        switch conversion {
        case .none:
            let opened: Int32
            do {
                opened = try SystemCall.perform("open", path: path) { open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC) }
            } catch {
                throw CaptureError(device: path, operation: "open", code: error.code)
            }
            // Asked before libv4l2 takes the descriptor, so a file that is no video device (/dev/null) is said to be
            // one, rather than libv4l2's failure to take it.
            var capabilities = v4l2_capability()
            guard cv4l2_device_ioctl(opened, cv4l2_querycap(), &capabilities) == 0 || errno != ENOTTY else {
                close(opened)
                throw CaptureError(device: path, operation: "VIDIOC_QUERYCAP", code: ENOTTY)
            }
            guard v4l2_fd_open(opened, V4L2_DISABLE_CONVERSION) >= 0 else {
                let code = errno
                v4l2_close(opened)
                throw CaptureError(device: path, operation: "v4l2_fd_open", code: code)
            }
            descriptor = opened
        case .libv4l2:
            do {
                descriptor = try SystemCall.perform("open", path: path) { cv4l2_open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC) }
            } catch {
                throw CaptureError(device: path, operation: "open", code: error.code)
            }
        }
    }

    deinit {
        if streaming { stopStreaming() }
        unmapBuffers()
        v4l2_close(descriptor)
    }

    /// An ioctl through libv4l2, or with `pastLibv4l2` to the device itself.
    private func control<T>(_ request: UInt, _ value: inout T, _ operation: @autoclosure () -> String,
                            pastLibv4l2: Bool = false) throws(CaptureError) {
        do {
            try SystemCall.perform(operation(), path: path) {
                withUnsafeMutablePointer(to: &value) {
                    pastLibv4l2 ? cv4l2_device_ioctl(descriptor, request, $0) : cv4l2_ioctl(descriptor, request, $0)
                }
            }
        } catch {
            throw CaptureError(device: path, operation: error.operation, code: error.code)
        }
    }

    // MARK: Describing

    struct Capabilities {
        var card: String
        var driver: String
        var bus: String
        var canCapture: Bool
        /// A video output: what v4l2loopback's writer side offers (OBS's virtual camera writes there).
        var canOutput: Bool
    }

    func capabilities() throws(CaptureError) -> Capabilities {
        var caps = v4l2_capability()
        try control(cv4l2_querycap(), &caps, "VIDIOC_QUERYCAP")
        let has = caps.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? caps.device_caps : caps.capabilities
        let canCapture = has & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 && has & UInt32(V4L2_CAP_STREAMING) != 0
        return Capabilities(card: Self.text(caps.card), driver: Self.text(caps.driver), bus: Self.text(caps.bus_info),
                            canCapture: canCapture, canOutput: has & UInt32(V4L2_CAP_VIDEO_OUTPUT) != 0)
    }

    /// Every format, with its discrete sizes and their frame rates.
    func formats() -> [DeviceDescription.Format] {
        var formats: [DeviceDescription.Format] = []
        for index in 0..<64 {
            var description = v4l2_fmtdesc()
            description.index = UInt32(index)
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            guard (try? control(cv4l2_enum_fmt(), &description, "VIDIOC_ENUM_FMT")) != nil else { break }
            formats.append(DeviceDescription.Format(fourcc: description.pixelformat, name: Self.text(description.description),
                                                    sizes: sizes(of: description.pixelformat),
                                                    isEmulated: description.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0))
        }
        return formats
    }

    private func sizes(of fourcc: UInt32) -> [DeviceDescription.FrameSize] {
        var sizes: [DeviceDescription.FrameSize] = []
        for index in 0..<256 {
            var size = v4l2_frmsizeenum()
            size.index = UInt32(index)
            size.pixel_format = fourcc
            guard (try? control(cv4l2_enum_framesizes(), &size, "VIDIOC_ENUM_FRAMESIZES")) != nil else { break }
            if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                let width = Int(size.discrete.width), height = Int(size.discrete.height)
                sizes.append(DeviceDescription.FrameSize(width: width, height: height,
                                                         rates: rates(of: fourcc, width: width, height: height)))
            } else {
                // Stepwise or continuous: offer the largest and the smallest.
                let range = size.stepwise
                for (width, height) in [(range.max_width, range.max_height), (range.min_width, range.min_height)] {
                    sizes.append(DeviceDescription.FrameSize(width: Int(width), height: Int(height),
                                                             rates: rates(of: fourcc, width: Int(width), height: Int(height))))
                }
                break
            }
        }
        return sizes
    }

    private func rates(of fourcc: UInt32, width: Int, height: Int) -> [Double] {
        var rates: [Double] = []
        for index in 0..<64 {
            var interval = v4l2_frmivalenum()
            interval.index = UInt32(index)
            interval.pixel_format = fourcc
            interval.width = UInt32(width)
            interval.height = UInt32(height)
            guard (try? control(cv4l2_enum_frameintervals(), &interval, "VIDIOC_ENUM_FRAMEINTERVALS")) != nil else { break }
            let fraction = interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue ? interval.discrete : interval.stepwise.min
            if fraction.numerator > 0 { rates.append(Double(fraction.denominator) / Double(fraction.numerator)) }
            if interval.type != V4L2_FRMIVAL_TYPE_DISCRETE.rawValue { break }
        }
        return rates
    }

    // MARK: Negotiating

    func setFormat(fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat {
        try format(cv4l2_s_fmt(), "VIDIOC_S_FMT", fourcc: fourcc, width: width, height: height)
    }

    func tryFormat(fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat {
        try format(cv4l2_try_fmt(), "VIDIOC_TRY_FMT", fourcc: fourcc, width: width, height: height)
    }

    func currentFormat() throws(CaptureError) -> DriverFormat {
        var request = v4l2_format()
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        try control(cv4l2_g_fmt(), &request, "VIDIOC_G_FMT")
        return Self.driverFormat(request.fmt.pix)
    }

    /// The format the device itself is in, asked past libv4l2: what libv4l2 converts from, when it does.
    func ownFormat() throws(CaptureError) -> DriverFormat {
        var request = v4l2_format()
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        try control(cv4l2_g_fmt(), &request, "VIDIOC_G_FMT", pastLibv4l2: true)
        return Self.driverFormat(request.fmt.pix)
    }

    private func format(_ call: UInt, _ name: String, fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat {
        var request = v4l2_format()
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.fmt.pix.pixelformat = fourcc
        request.fmt.pix.width = UInt32(width)
        request.fmt.pix.height = UInt32(height)
        request.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        try control(call, &request, "\(name) (\(CameraPixelFormat.name(of: fourcc)) \(width)×\(height))")
        return Self.driverFormat(request.fmt.pix)
    }

    private static func driverFormat(_ pix: v4l2_pix_format) -> DriverFormat {
        DriverFormat(fourcc: pix.pixelformat, width: Int(pix.width), height: Int(pix.height), bytesPerLine: Int(pix.bytesperline),
                     byteCount: Int(pix.sizeimage), colorspace: pix.colorspace, ycbcrEncoding: UInt32(pix.ycbcr_enc),
                     quantization: UInt32(pix.quantization))
    }

    /// Asks for a frame rate; drivers that cannot set one keep theirs, which is fine.
    func setFrameRate(_ rate: Double) {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        parameters.parm.capture.timeperframe = v4l2_fract(numerator: 1000, denominator: UInt32((rate * 1000).rounded()))
        try? control(cv4l2_s_parm(), &parameters, "VIDIOC_S_PARM")
    }

    // MARK: Output

    /// Sets an output device's format: `fourcc` at the size given, tagged BT.601 limited range.
    func setOutputFormat(fourcc: UInt32, width: Int, height: Int) throws(CaptureError) -> DriverFormat {
        var request = v4l2_format()
        request.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
        request.fmt.pix.pixelformat = fourcc
        request.fmt.pix.width = UInt32(width)
        request.fmt.pix.height = UInt32(height)
        request.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        request.fmt.pix.bytesperline = UInt32(width * 2)
        request.fmt.pix.sizeimage = UInt32(width * height * 2)
        request.fmt.pix.colorspace = V4L2_COLORSPACE_SMPTE170M.rawValue
        request.fmt.pix.ycbcr_enc = UInt32(V4L2_YCBCR_ENC_601.rawValue)
        request.fmt.pix.quantization = UInt32(V4L2_QUANTIZATION_LIM_RANGE.rawValue)
        try control(cv4l2_s_fmt(), &request, "VIDIOC_S_FMT (output, \(CameraPixelFormat.name(of: fourcc)) \(width)×\(height))")
        return Self.driverFormat(request.fmt.pix)
    }

    /// Tells an output device the frame interval; one that cannot take it keeps its own, which is fine.
    func setOutputFrameInterval(numerator: Int, denominator: Int) {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
        parameters.parm.output.timeperframe = v4l2_fract(numerator: UInt32(numerator), denominator: UInt32(denominator))
        try? control(cv4l2_s_parm(), &parameters, "VIDIOC_S_PARM")
    }

    /// Writes one whole frame to an output device; false when the device could not take it now (EAGAIN), which
    /// drops the frame rather than wait.
    func writeFrame(_ bytes: [UInt8]) throws(CaptureError) -> Bool {
        let written: Int
        do {
            written = try SystemCall.perform("write", path: path) {
                bytes.withUnsafeBytes { v4l2_write(descriptor, $0.baseAddress, $0.count) }
            }
        } catch where error.code == EAGAIN {
            return false
        } catch {
            throw CaptureError(device: path, operation: "write", code: error.code)
        }
        // A device that takes part of a frame has not taken the frame.
        guard written == bytes.count else { throw CaptureError(device: path, operation: "write", code: EIO) }
        return true
    }

    // MARK: Streaming

    /// Allocates and maps `count` driver buffers (the driver may give more or fewer) and queues them all.
    func startStreaming(bufferCount count: Int) throws(CaptureError) {
        var request = v4l2_requestbuffers()
        request.count = UInt32(count)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try control(cv4l2_reqbufs(), &request, "VIDIOC_REQBUFS")
        guard request.count > 0 else { throw CaptureError(device: path, operation: "VIDIOC_REQBUFS (no buffers)", code: ENOMEM) }
        for index in 0..<request.count {
            var buffer = Self.buffer(index: index)
            try control(cv4l2_querybuf(), &buffer, "VIDIOC_QUERYBUF")
            guard let address = v4l2_mmap(nil, Int(buffer.length), PROT_READ | PROT_WRITE, MAP_SHARED, descriptor,
                                          Int64(buffer.m.offset)),
                  address != cv4l2_map_failed() else {
                throw CaptureError(device: path, operation: "mmap of buffer \(index)", code: errno)
            }
            mappings.append((address, Int(buffer.length)))
            try control(cv4l2_qbuf(), &buffer, "VIDIOC_QBUF")
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try control(cv4l2_streamon(), &type, "VIDIOC_STREAMON")
        streaming = true
    }

    struct DequeuedBuffer {
        var index: UInt32
        var bytes: UnsafeRawBufferPointer
        var sequence: UInt32
        /// CLOCK_MONOTONIC seconds, as the driver stamped it.
        var timestamp: Double
    }

    /// The next filled buffer, or nil when none is ready yet. Hand it back with `requeue` once read.
    func dequeue() throws(CaptureError) -> DequeuedBuffer? {
        var buffer = Self.buffer(index: 0)
        do {
            try control(cv4l2_dqbuf(), &buffer, "VIDIOC_DQBUF")
        } catch where error.code == EAGAIN {
            return nil
        }
        let mapping = mappings[Int(buffer.index)]
        let used = min(Int(buffer.bytesused), mapping.length)
        return DequeuedBuffer(index: buffer.index, bytes: UnsafeRawBufferPointer(start: mapping.address, count: used),
                              sequence: buffer.sequence,
                              timestamp: Double(buffer.timestamp.tv_sec) + Double(buffer.timestamp.tv_usec) / 1_000_000)
    }

    func requeue(_ dequeued: DequeuedBuffer) throws(CaptureError) {
        var buffer = Self.buffer(index: dequeued.index)
        try control(cv4l2_qbuf(), &buffer, "VIDIOC_QBUF")
    }

    /// Stops streaming and gives the buffers back; errors are ignored because a gone device has no buffers left to free.
    func stopStreaming() {
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try? control(cv4l2_streamoff(), &type, "VIDIOC_STREAMOFF")
        streaming = false
        unmapBuffers()
        var request = v4l2_requestbuffers()
        request.count = 0
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try? control(cv4l2_reqbufs(), &request, "VIDIOC_REQBUFS")
    }

    private func unmapBuffers() {
        for mapping in mappings { v4l2_munmap(mapping.address, mapping.length) }
        mappings.removeAll()
    }

    private static func buffer(index: UInt32) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = index
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        return buffer
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

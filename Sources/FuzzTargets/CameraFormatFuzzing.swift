import Capture

/// Reads the bytes as a camera's format list and a request, and ranks what to ask for: every candidate must be
/// a format the camera listed, at a size it listed for it (or the size asked for, when it listed none), the
/// format insisted on if there is one, and one of libv4l2's emulated formats only when none of the camera's
/// own will do.
enum CameraFormatFuzzing {
    static func run(_ data: [UInt8]) {
        var bytes = ByteReader(data)
        let known = CameraPixelFormat.allCases
        let wanted = bytes.next() % UInt8(known.count + 1)
        let request = CaptureRequest(width: Int(bytes.next16()) + 1, height: Int(bytes.next16()) + 1, frameRate: Double(bytes.next()),
                                     format: Int(wanted) < known.count ? known[Int(wanted)] : nil)
        var formats: [DeviceDescription.Format] = []
        for _ in 0..<Int(bytes.next() % 6) {
            // Mostly formats the workbench knows, now and then an unknown code.
            let pick = Int(bytes.next())
            let fourcc = pick < known.count * 8 ? known[pick % known.count].fourcc : UInt32(bytes.next16()) << 16 | UInt32(bytes.next16())
            let sizes = (0..<Int(bytes.next() % 5)).map { _ in
                DeviceDescription.FrameSize(width: Int(bytes.next16()), height: Int(bytes.next16()), rates: [Double(bytes.next())])
            }
            formats.append(DeviceDescription.Format(fourcc: fourcc, name: "fuzz", sizes: sizes, isEmulated: bytes.next() & 1 == 1))
        }
        let ranked = FormatChoice.ranked(from: formats, for: request)
        let ownUsable = formats.contains { !$0.isEmulated && $0.pixelFormat != nil && (request.format == nil || $0.pixelFormat == request.format) }
        for choice in ranked {
            let offered = formats.filter { $0.pixelFormat == choice.format && $0.isEmulated == choice.isEmulated }
            precondition(!offered.isEmpty, "ranked \(choice.format), which the camera does not list")
            precondition(offered.contains { format in
                format.sizes.isEmpty ? (choice.width, choice.height) == (request.width, request.height)
                    : format.sizes.contains { ($0.width, $0.height) == (choice.width, choice.height) }
            }, "ranked \(choice.width)×\(choice.height), which the camera does not list for \(choice.format)")
            precondition(request.format == nil || choice.format == request.format, "ranked \(choice.format) against the one insisted on")
            precondition(!(choice.isEmulated && ownUsable), "ranked an emulated \(choice.format) though the camera's own will do")
        }
    }
}

/// Bytes taken one or two at a time, zero once they run out.
private struct ByteReader {
    private let data: [UInt8]
    private var position = 0

    init(_ data: [UInt8]) {
        self.data = data
    }

    mutating func next() -> UInt8 {
        defer { position += 1 }
        return position < data.count ? data[position] : 0
    }

    mutating func next16() -> UInt16 {
        UInt16(next()) << 8 | UInt16(next())
    }
}

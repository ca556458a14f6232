/// Ranks what to ask a device for: a format the GPU takes unconverted at the requested size when one
/// exists, RGB next, and MJPEG (decoded on the CPU) only when nothing else gives that size. Every format and
/// size it lists that the workbench takes is ranked, so a device that refuses the best can be asked the next.
/// The device's own formats come first, whatever their size: libv4l2's emulated ones cost a conversion on the
/// CPU and report the colorimetry of the format they were made from, and are candidates only when none of
/// the device's own will do.
public enum FormatChoice {
    public struct Choice: Sendable, Hashable {
        public var format: CameraPixelFormat
        public var width: Int
        public var height: Int
        /// Made by libv4l2 on the CPU from one of the device's own formats.
        public var isEmulated = false
    }

    /// The candidates, best first: the device's own formats, or libv4l2's emulated ones when none of those will do.
    public static func ranked(from formats: [DeviceDescription.Format], for request: CaptureRequest) -> [Choice] {
        let own = rank(formats.filter { !$0.isEmulated }, for: request)
        return own.isEmpty ? rank(formats.filter(\.isEmulated), for: request) : own
    }

    private static func rank(_ formats: [DeviceDescription.Format], for request: CaptureRequest) -> [Choice] {
        var candidates: [(choice: Choice, exact: Bool, distance: Int)] = []
        for format in formats {
            guard let pixelFormat = format.pixelFormat else { continue }
            if let wanted = request.format, wanted != pixelFormat { continue }
            for size in format.sizes {
                let distance = abs(size.width * size.height - request.width * request.height)
                    + abs(size.width - request.width) + abs(size.height - request.height)
                candidates.append((Choice(format: pixelFormat, width: size.width, height: size.height, isEmulated: format.isEmulated),
                                   size.width == request.width && size.height == request.height, distance))
            }
            if format.sizes.isEmpty {
                // No sizes listed: ask for the request and let the driver adjust.
                candidates.append((Choice(format: pixelFormat, width: request.width, height: request.height, isEmulated: format.isEmulated),
                                   false, Int.max / 2))
            }
        }
        // Exact size first; among those the preferred format. Without an exact size, an uncompressed
        // format at the nearest size still beats MJPEG. Ties keep the device's order.
        return candidates.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if a.exact != b.exact { return a.exact }
            let compressed = (a.choice.format.isCompressed, b.choice.format.isCompressed)
            if !a.exact, compressed.0 != compressed.1 { return !compressed.0 }
            if a.exact, a.choice.format.preference != b.choice.format.preference {
                return a.choice.format.preference < b.choice.format.preference
            }
            if a.distance != b.distance { return a.distance < b.distance }
            if a.choice.format.preference != b.choice.format.preference {
                return a.choice.format.preference < b.choice.format.preference
            }
            return first.offset < second.offset
        }.map(\.element.choice)
    }
}

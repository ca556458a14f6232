/// ImageMagick's `convert` (Debian's imagemagick), which writes the TIFF and WebP files the decoders are tested on
/// with an encoder that is not the one under test.
public enum ImageMagick {
    /// Converts `source` to `destination`, whose extension names the format; `options` go between the two.
    public static func convert(_ source: String, to destination: String, options: [String] = []) throws {
        let result = try runProcess("/usr/bin/convert", [source] + options + [destination], in: "/")
        guard result.status == 0 else {
            throw TestSupportError("convert \(source) \(destination) failed (\(result.status)): \(result.error)")
        }
    }
}

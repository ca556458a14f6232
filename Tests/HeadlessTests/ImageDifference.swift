import Images

extension RGBAImage {
    /// The largest difference between two images in any channel of any pixel, in levels of 255; images of
    /// different sizes differ by 255.
    func largestDifference(from other: RGBAImage) -> Int {
        guard width == other.width, height == other.height else { return 255 }
        return zip(pixels, other.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}

extension RGBAImage {
    /// The largest difference between two images in any channel of any pixel, in levels of 255; `Int.max` for
    /// images of different sizes.
    public func largestDifference(from other: RGBAImage) -> Int {
        difference(from: other).largest
    }

    /// How many bytes of two images differ, and by at most how much; `Int.max` both for images of different sizes.
    public func difference(from other: RGBAImage) -> (count: Int, largest: Int) {
        guard width == other.width, height == other.height else { return (Int.max, Int.max) }
        var count = 0, largest = 0
        for index in pixels.indices where pixels[index] != other.pixels[index] {
            count += 1
            largest = max(largest, abs(Int(pixels[index]) - Int(other.pixels[index])))
        }
        return (count, largest)
    }
}

/// A node that turns an image into a few numbers on the GPU: repeated downsampling passes to one pixel,
/// then one tiny readback (a histogram scatters its pixels into bins instead).
public struct Reduction: Sendable {
    public enum Measure: String, CaseIterable, Sendable {
        /// The mean colour, r g b a.
        case average
        /// Where a mask is, weighted by its luminance: x, y (texture coordinates, from the top-left) and
        /// area (the share of the frame it covers). An empty mask gives -1, -1, 0.
        case centroid
        /// The smallest and largest luminance.
        case minmax
        /// Pixel counts in 256 bins of luminance (or of luminance, red, green and blue: 1024 numbers).
        case histogram
    }

    public var measure: Measure
    public var input: Wire
    /// Histograms only: whether red, green and blue get bins of their own after luminance.
    public var perChannel: Bool

    public init(measure: Measure, input: Wire, perChannel: Bool = false) {
        self.measure = measure
        self.input = input
        self.perChannel = perChannel
    }

    /// How many numbers the node makes.
    public var componentCount: Int {
        switch measure {
        case .average: 4
        case .centroid: 3
        case .minmax: 2
        case .histogram: perChannel ? 1024 : 256
        }
    }
}

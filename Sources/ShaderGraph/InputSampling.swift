/// How a pass reads one image input, where the composition says (`sampling:`); what it leaves unset is
/// chosen by the workbench: nearest where the input has the pass's size, bilinear where it is scaled, edges
/// clamped, and the image the right way up.
public struct InputSampling: Sendable, Hashable {
    public enum Filter: String, CaseIterable, Sendable, Hashable {
        case nearest
        case linear
        /// Trilinear through a mipmap chain built from the image each frame it is read, as ShaderToy's
        /// `mipmap` filter does for a minified channel.
        case mipmap
    }

    public enum Wrap: String, CaseIterable, Sendable, Hashable {
        case clamp
        case `repeat`
        case mirror
    }

    public var filter: Filter?
    public var wrap: Wrap?
    /// Reads the image upside down, its top row where its bottom row was: as ShaderToy reads a picture
    /// whose sampler says `vflip: false`.
    public var isFlipped: Bool

    public init(filter: Filter? = nil, wrap: Wrap? = nil, isFlipped: Bool = false) {
        self.filter = filter
        self.wrap = wrap
        self.isFlipped = isFlipped
    }
}

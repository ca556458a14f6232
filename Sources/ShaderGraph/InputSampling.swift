/// How a pass reads one image input, where the composition says (`sampling:`); what it leaves unset is
/// chosen by the workbench: nearest where the input has the pass's size, bilinear where it is scaled, and
/// edges clamped.
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

    public init(filter: Filter? = nil, wrap: Wrap? = nil) {
        self.filter = filter
        self.wrap = wrap
    }
}

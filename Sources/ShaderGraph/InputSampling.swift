/// How a pass reads one image input: what the composition says (`sampling:`), over what the shader's home host
/// does (`HostSampling`). What both leave unset is chosen by the workbench: nearest where the input has the
/// pass's size, bilinear where it is scaled, edges clamped, and the image the right way up.
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
    /// True reads the image upside down, its top row where its bottom row was: as ShaderToy reads a picture
    /// whose sampler says `vflip: false`. Nil is the right way up unless the host says otherwise.
    public var flip: Bool?

    public var isFlipped: Bool { flip ?? false }

    public init(filter: Filter? = nil, wrap: Wrap? = nil, flip: Bool? = nil) {
        self.filter = filter
        self.wrap = wrap
        self.flip = flip
    }

    /// These settings, each one left unset taken from `defaults`.
    public func over(_ defaults: InputSampling) -> InputSampling {
        InputSampling(filter: filter ?? defaults.filter, wrap: wrap ?? defaults.wrap, flip: flip ?? defaults.flip)
    }
}

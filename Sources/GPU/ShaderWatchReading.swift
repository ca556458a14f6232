/// What a watched expression was at one pixel of a frame: how many times its line ran there, and when it ran, the
/// value's type (`float`, `ivec2`, `bool`, …) and numbers, the last time it ran. `pass` names the ISF pass it was
/// read in, for a shader with PASSES.
public struct ShaderWatchReading: Sendable, Equatable {
    public var runs: Int
    public var type: String?
    public var value: [Float]
    public var pass: Int?
}

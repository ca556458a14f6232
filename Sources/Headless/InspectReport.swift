import ShaderGraph
import ShaderLanguage

/// What `shaderbench inspect` found: the node's colour at the pixel, exact for float targets, and each watch.
public struct InspectReport: Sendable {
    public struct Watch: Sendable {
        public var watch: ShaderWatch
        /// The expression's type, once the line ran at the pixel.
        public var type: String?
        /// Its value the last time the line ran for the pixel; nil when it never ran there.
        public var value: [Float]?
        /// How many times the line ran for the pixel.
        public var runs: Int
        /// For an ISF shader with PASSES, the pass (from 0) the value was read in: the last in which the line ran.
        public var pass: Int?
        /// Why the watch could not be read (an expression that does not compile at its line), at the watch.
        public var problem: Diagnostic?
    }

    public var node: String
    public var width: Int
    public var height: Int
    public var format: PixelFormat
    public var x: Int
    public var y: Int
    public var frame: Int
    public var rgba: [Float]
    public var watches: [Watch]
    public var warnings: [Diagnostic]

    /// The pixel's centre in texture coordinates, from the top-left as `textureCoordinate` runs.
    public var textureCoordinate: (u: Float, v: Float) {
        ((Float(x) + 0.5) / Float(width), (Float(y) + 0.5) / Float(height))
    }
}

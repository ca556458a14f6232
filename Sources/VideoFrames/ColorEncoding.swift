/// How a frame's YCbCr samples map to RGB: the matrix and the range of the codes.
public struct ColorEncoding: Hashable, Sendable, CustomStringConvertible {
    public enum Matrix: String, Sendable {
        case bt601 = "BT.601"
        case bt709 = "BT.709"
        case bt2020 = "BT.2020"
        case smpte240m = "SMPTE 240M"

        /// The luma weights of red and blue (Kr, Kb) that define the matrix.
        public var weights: (red: Float, blue: Float) {
            switch self {
            case .bt601: (0.299, 0.114)
            case .bt709: (0.2126, 0.0722)
            case .bt2020: (0.2627, 0.0593)
            case .smpte240m: (0.212, 0.087)
            }
        }
    }

    public enum Range: String, Sendable {
        /// Luma 16–235, chroma 16–240 (8-bit codes).
        case limited
        /// Every code 0–255 used.
        case full
    }

    public var matrix: Matrix
    public var range: Range

    public init(matrix: Matrix, range: Range) {
        self.matrix = matrix
        self.range = range
    }

    public var description: String { "\(matrix.rawValue) \(range.rawValue) range" }

    /// For RGB samples whose codes span `range`: the column-major 3×3 matrix and offset such that
    /// rgb = matrix × (codes / 255 − offset), which stretches 16–235 to full.
    public static func rgbConversion(range: Range) -> (matrix: [Float], offset: [Float]) {
        let (scale, offset): (Float, Float) = range == .limited ? (255 / 219, 16 / 255) : (1, 0)
        return ([scale, 0, 0, 0, scale, 0, 0, 0, scale], [offset, offset, offset])
    }

    /// Column-major 3×3 matrix and offset such that rgb = matrix × (codes / 255 − offset), for a shader.
    public var conversion: (matrix: [Float], offset: [Float]) {
        let (kr, kb) = matrix.weights
        let kg = 1 - kr - kb
        // Scales undo the range's compression: limited luma spans 219 codes, chroma 224.
        let (lumaScale, chromaScale, lumaOffset): (Float, Float, Float) = switch range {
        case .limited: (255 / 219, 255 / 224, 16 / 255)
        case .full: (1, 1, 0)
        }
        let crToRed = 2 * (1 - kr) * chromaScale
        let cbToBlue = 2 * (1 - kb) * chromaScale
        let cbToGreen = -2 * kb * (1 - kb) / kg * chromaScale
        let crToGreen = -2 * kr * (1 - kr) / kg * chromaScale
        let columns: [Float] = [
            lumaScale, lumaScale, lumaScale,    // Y
            0, cbToGreen, cbToBlue,             // Cb
            crToRed, crToGreen, 0,              // Cr
        ]
        return (columns, [lumaOffset, 128 / 255, 128 / 255])
    }
}

import Foundation

/// Where GPUImage's blur vertex shaders put each of a fragment shader's `blurCoordinates[N]`, in texel steps
/// from the pass's coordinate. The fragment shader's weights are written for one of these, so a node names
/// the one its shader came with (`blur:`); the step itself is `texelWidthOffset`/`texelHeightOffset`.
public enum BlurLayout: Sendable, Equatable {
    /// In order across the kernel, `blurCoordinates[i]` at i − (N − 1) / 2: GPUImage's standard Gaussian
    /// and its fixed nine-sample blurs (the bilateral filter, the Gaussian blur position filter).
    case ordered
    /// The centre, then pairs at +k and −k for k = 1.5, 3.5, 5.5 …: GPUImage's optimised box blur, each
    /// sample a bilinear read of two texels.
    case box
    /// The centre, then pairs at ± the weighted middle of texels 2j + 1 and 2j + 2 under a Gaussian of this
    /// sigma: GPUImage's optimised Gaussian blur, generated for `blurRadiusInPixels` (its sigma).
    case gaussian(sigma: Double)

    /// The words a composition uses, for messages.
    public static let spellings = "ordered, box or { gaussian: SIGMA }"

    /// Whether the layout is the centre then pairs, which needs an odd number of coordinates.
    public var isCentredPairs: Bool { self != .ordered }

    /// The offset of each of `count` coordinates, in texel steps.
    public func offsets(count: Int) -> [Float] {
        switch self {
        case .ordered:
            return (0..<count).map { Float(Double($0) - Double(count - 1) / 2) }
        case .box:
            return centredPairs(count: count) { pair in Double(pair * 2) + 1.5 }
        case .gaussian(let sigma):
            return centredPairs(count: count) { pair in
                let weight = { (texel: Double) in exp(-texel * texel / (2 * sigma * sigma)) }
                let (near, far) = (Double(pair * 2 + 1), Double(pair * 2 + 2))
                let total = weight(near) + weight(far)
                // So narrow a Gaussian that both weights vanish reads the nearer texel alone.
                return total > 0 ? (near * weight(near) + far * weight(far)) / total : near
            }
        }
    }

    private func centredPairs(count: Int, offset: (Int) -> Double) -> [Float] {
        (0..<count).map { index in
            guard index > 0 else { return 0 }
            let distance = Float(offset((index - 1) / 2))
            return index % 2 == 1 ? distance : -distance
        }
    }
}

/// The reductions' fragment shaders level by level: the defines that make a file's first level encode what
/// the measure averages or compares, and its later levels shrink what the level before made.
package enum ReductionShaders {
    /// A level of an average; `encodingCentroid` on the first level of a centroid, which averages
    /// position-weighted mask values instead of the texels as they are.
    package static func shrinkAverage(encodingCentroid: Bool) -> String {
        GPUShaderFile.reductionAverage.text(defining: encodingCentroid ? ["ENCODE_CENTROID"] : [])
    }

    /// A level of min/max; `luminance` on the first level, which compares the image's pixels by luminance.
    package static func shrinkMinMax(luminance: Bool) -> String {
        GPUShaderFile.reductionMinMax.text(defining: luminance ? ["LUMINANCE"] : [])
    }
}

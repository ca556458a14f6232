import ShaderGraph
import ShaderLanguage

/// The GPU module's own GLSL, in `Shaders/`: the frame conversion, the reductions, the
/// patterns, and the programs that show, copy and reshape images, and a draw node's depth as an image.
package enum GPUShaderFile: String, EmbeddedShaderFile {
    case fullscreenVertex = "fullscreen.vert.glsl"
    case frameConversion = "frame-conversion.frag.glsl"
    case reductionAverage = "reduction-average.frag.glsl"
    case reductionMinMax = "reduction-minmax.frag.glsl"
    case histogramVertex = "histogram.vert.glsl"
    case histogramFragment = "histogram.frag.glsl"
    case testPattern = "test-pattern.frag.glsl"
    case noisePattern = "noise-pattern.frag.glsl"
    case checkerPattern = "checker-pattern.frag.glsl"
    case presenterVertex = "presenter.vert.glsl"
    case presenterFragment = "presenter.frag.glsl"
    case outputCopyVertex = "output-copy.vert.glsl"
    case outputCopyFragment = "output-copy.frag.glsl"
    case inputReshape = "input-reshape.frag.glsl"
    case watchFalseColour = "watch-false-colour.frag.glsl"
    case watchRange = "watch-range.frag.glsl"
    case oneChannelCopy = "one-channel-copy.comp.glsl"
    case depthCopy = "depth-copy.frag.glsl"

    package var bytes: [UInt8] {
        switch self {
        case .fullscreenVertex: PackageResources.fullscreen_vert_glsl
        case .frameConversion: PackageResources.frame_conversion_frag_glsl
        case .reductionAverage: PackageResources.reduction_average_frag_glsl
        case .reductionMinMax: PackageResources.reduction_minmax_frag_glsl
        case .histogramVertex: PackageResources.histogram_vert_glsl
        case .histogramFragment: PackageResources.histogram_frag_glsl
        case .testPattern: PackageResources.test_pattern_frag_glsl
        case .noisePattern: PackageResources.noise_pattern_frag_glsl
        case .checkerPattern: PackageResources.checker_pattern_frag_glsl
        case .presenterVertex: PackageResources.presenter_vert_glsl
        case .presenterFragment: PackageResources.presenter_frag_glsl
        case .outputCopyVertex: PackageResources.output_copy_vert_glsl
        case .outputCopyFragment: PackageResources.output_copy_frag_glsl
        case .inputReshape: PackageResources.input_reshape_frag_glsl
        case .watchFalseColour: PackageResources.watch_false_colour_frag_glsl
        case .oneChannelCopy: PackageResources.one_channel_copy_comp_glsl
        case .watchRange: PackageResources.watch_range_frag_glsl
        case .depthCopy: PackageResources.depth_copy_frag_glsl
        }
    }
}

/// The GLSL the dialects put around a user's shader, in `Shaders/`: the vertex stage a fragment shader
/// without one of its own is paired with, the preludes (and ShaderToy's `main`) spliced around the
/// user's own lines, the blank channel a ShaderToy import writes, the conversion of a frame's planes that
/// heads a fused chain, and the packing of an image into YUV planes
/// that a chain of the user's passes can be drawn into.
package enum DialectShaderFile: String, EmbeddedShaderFile {
    case vertexStage = "vertex-stage.vert.glsl"
    case defaultPrecision = "default-precision.frag.glsl"
    /// Ahead of every other prelude line, in both stages: `lowp` and `mediump` as `highp` (`ShaderPrecision.full`).
    case fullPrecision = "full-precision.glsl"
    case framebufferFetch = "framebuffer-fetch.frag.glsl"
    case framebufferFetchFallback = "framebuffer-fetch-fallback.frag.glsl"
    case shaderToyPrelude = "shadertoy-prelude.frag.glsl"
    case yUpLookups = "y-up-lookups.frag.glsl"
    case shaderToyMain = "shadertoy-main.frag.glsl"
    /// Not spliced: the pass `shaderbench import` writes for a channel it cannot feed.
    case shaderToyBlankChannel = "shadertoy-blank-channel.frag.glsl"
    case vsCodeShaderToyPrelude = "vscode-shadertoy-prelude.frag.glsl"
    /// After the prelude and the samplers, for a shader that says `#iKeyboard`.
    case vsCodeShaderToyKeyboard = "vscode-shadertoy-keyboard.frag.glsl"
    case vsCodeShaderToyMain = "vscode-shadertoy-main.frag.glsl"
    case isfBuiltIns = "isf-built-ins.glsl"
    case isfPrelude = "isf-prelude.frag.glsl"
    case isfFragColor = "isf-frag-color.frag.glsl"
    case isfFragNormCoord = "isf-frag-norm-coord.frag.glsl"
    case isfFragNormCoordVarying = "isf-frag-norm-coord-varying.frag.glsl"
    case isfVertexPrelude = "isf-vertex-prelude.vert.glsl"
    /// Spliced into a copy of a user's shader that records a watched expression (`WatchInstrumentation`).
    case watchSupport = "watch-support.frag.glsl"
    case bottomUpCoordinates = "bottom-up-coordinates.frag.glsl"
    case glslViewerDefines = "glslviewer-defines.frag.glsl"
    case bonzomaticPrelude = "bonzomatic-prelude.frag.glsl"
    /// Put after the passes an image is drawn by, or a sampler holding it: the image as YUV 4:2:0 planes.
    case yuv420Packing = "yuv420-packing.frag.glsl"
    /// Not spliced: the first member of a chain that reads a camera's or movie's planes (`FrameConversionMember`).
    case frameConversionMember = "frame-conversion-member.frag.glsl"
    /// A draw node's stages where it names none (`ModelStage`).
    case modelVertex = "model-vertex.vert.glsl"
    case modelFragment = "model-fragment.frag.glsl"

    package var bytes: [UInt8] {
        switch self {
        case .vertexStage: PackageResources.vertex_stage_vert_glsl
        case .defaultPrecision: PackageResources.default_precision_frag_glsl
        case .fullPrecision: PackageResources.full_precision_glsl
        case .framebufferFetch: PackageResources.framebuffer_fetch_frag_glsl
        case .framebufferFetchFallback: PackageResources.framebuffer_fetch_fallback_frag_glsl
        case .shaderToyPrelude: PackageResources.shadertoy_prelude_frag_glsl
        case .yUpLookups: PackageResources.y_up_lookups_frag_glsl
        case .shaderToyMain: PackageResources.shadertoy_main_frag_glsl
        case .shaderToyBlankChannel: PackageResources.shadertoy_blank_channel_frag_glsl
        case .vsCodeShaderToyPrelude: PackageResources.vscode_shadertoy_prelude_frag_glsl
        case .vsCodeShaderToyKeyboard: PackageResources.vscode_shadertoy_keyboard_frag_glsl
        case .vsCodeShaderToyMain: PackageResources.vscode_shadertoy_main_frag_glsl
        case .isfBuiltIns: PackageResources.isf_built_ins_glsl
        case .isfPrelude: PackageResources.isf_prelude_frag_glsl
        case .isfFragColor: PackageResources.isf_frag_color_frag_glsl
        case .isfFragNormCoord: PackageResources.isf_frag_norm_coord_frag_glsl
        case .isfFragNormCoordVarying: PackageResources.isf_frag_norm_coord_varying_frag_glsl
        case .isfVertexPrelude: PackageResources.isf_vertex_prelude_vert_glsl
        case .watchSupport: PackageResources.watch_support_frag_glsl
        case .bottomUpCoordinates: PackageResources.bottom_up_coordinates_frag_glsl
        case .glslViewerDefines: PackageResources.glslviewer_defines_frag_glsl
        case .bonzomaticPrelude: PackageResources.bonzomatic_prelude_frag_glsl
        case .yuv420Packing: PackageResources.yuv420_packing_frag_glsl
        case .frameConversionMember: PackageResources.frame_conversion_member_frag_glsl
        case .modelVertex: PackageResources.model_vertex_vert_glsl
        case .modelFragment: PackageResources.model_fragment_frag_glsl
        }
    }
}

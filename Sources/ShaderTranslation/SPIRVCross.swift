import CSPIRVCross

/// SPIRV-Cross: SPIR-V back to GLSL ES text a GLES driver compiles. The only file that imports CSPIRVCross.
enum SPIRVCross {
    struct Failure: Error {
        var message: String
    }

    /// The fragment shader `words` as GLSL ES `version` (100 or 300), its uniforms, samplers and varyings
    /// under their own names. Locations and bindings, which GLSL ES before 3.10 refuses on uniforms and
    /// varyings, are dropped: the program finds its uniforms by name. Outputs keep theirs.
    static func glslES(from words: [UInt32], version: UInt32) throws(Failure) -> String {
        var context: spvc_context?
        guard spvc_context_create(&context) == SPVC_SUCCESS, let context else { throw Failure(message: "SPIRV-Cross could not start") }
        defer { spvc_context_destroy(context) }
        func failure() -> Failure { Failure(message: String(cString: spvc_context_get_last_error_string(context))) }

        var ir: spvc_parsed_ir?
        var compiler: spvc_compiler?
        var options: spvc_compiler_options?
        var resources: spvc_resources?
        guard words.withUnsafeBufferPointer({ spvc_context_parse_spirv(context, $0.baseAddress, $0.count, &ir) }) == SPVC_SUCCESS,
              spvc_context_create_compiler(context, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP, &compiler) == SPVC_SUCCESS,
              let compiler,
              spvc_compiler_create_compiler_options(compiler, &options) == SPVC_SUCCESS,
              spvc_compiler_create_shader_resources(compiler, &resources) == SPVC_SUCCESS else {
            throw failure()
        }
        spvc_compiler_options_set_uint(options, SPVC_COMPILER_OPTION_GLSL_VERSION, version)
        spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES, 1)
        // Desktop GLSL computes in full precision; so does its translation.
        spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_FLOAT_PRECISION_HIGHP, 1)
        spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_INT_PRECISION_HIGHP, 1)
        spvc_compiler_install_compiler_options(compiler, options)

        let kinds = [SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, SPVC_RESOURCE_TYPE_STAGE_INPUT, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE,
                     SPVC_RESOURCE_TYPE_SEPARATE_IMAGE, SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS]
        for kind in kinds {
            var list: UnsafePointer<spvc_reflected_resource>?
            var count = 0
            guard spvc_resources_get_resource_list_for_type(resources, kind, &list, &count) == SPVC_SUCCESS, let list else { continue }
            for resource in UnsafeBufferPointer(start: list, count: count) {
                spvc_compiler_unset_decoration(compiler, resource.id, SpvDecorationLocation)
                spvc_compiler_unset_decoration(compiler, resource.id, SpvDecorationBinding)
            }
        }

        var text: UnsafePointer<CChar>?
        guard spvc_compiler_compile(compiler, &text) == SPVC_SUCCESS, let text else { throw failure() }
        return String(cString: text)
    }
}

import CGlslang

/// glslang, the Khronos reference front end: it judges a fragment shader as GLSL ES, or reads it as desktop
/// GLSL into SPIR-V for OpenGL. The only file that imports CGlslang.
enum Glslang {
    /// glslang's log when it refuses a shader, in the `ERROR: 0:12: 'x' : ...` form the compiler log parser reads.
    struct Log: Error {
        var text: String
    }

    /// The per-process set-up glslang needs before its first shader; its symbol tables live from then on.
    private static let initialized = glslang_initialize_process() != 0

    /// Whether glslang's GLSL ES front end accepts `source` as it stands (its `#version`, else ES 1.00).
    static func acceptsAsES(fragment source: String) -> Bool {
        var input = self.input(client: GLSLANG_CLIENT_NONE, target: GLSLANG_TARGET_NONE,
                               defaultVersion: 100, profile: GLSLANG_ES_PROFILE)
        return source.withCString { code in
            input.code = code
            guard initialized, let shader = glslang_shader_create(&input) else { return false }
            defer { glslang_shader_delete(shader) }
            return glslang_shader_preprocess(shader, &input) != 0 && glslang_shader_parse(shader, &input) != 0
        }
    }

    /// `source` read as desktop GLSL (`defaultVersion` where it has no `#version`) as SPIR-V for OpenGL.
    /// Uniforms outside blocks, which SPIR-V for OpenGL keeps as they are, and varyings get locations, and
    /// samplers bindings, assigned automatically.
    static func openGLSPIRV(fragment source: String, defaultVersion: Int32) throws(Log) -> [UInt32] {
        var input = self.input(client: GLSLANG_CLIENT_OPENGL, target: GLSLANG_TARGET_SPV,
                               defaultVersion: defaultVersion, profile: GLSLANG_CORE_PROFILE)
        let result: Result<[UInt32], Log> = source.withCString { code in
            input.code = code
            guard initialized, let shader = glslang_shader_create(&input) else {
                return .failure(Log(text: "glslang could not start"))
            }
            defer { glslang_shader_delete(shader) }
            glslang_shader_set_options(shader, Int32(GLSLANG_SHADER_AUTO_MAP_BINDINGS.rawValue | GLSLANG_SHADER_AUTO_MAP_LOCATIONS.rawValue))
            guard glslang_shader_preprocess(shader, &input) != 0, glslang_shader_parse(shader, &input) != 0 else {
                return .failure(Log(text: String(cString: glslang_shader_get_info_log(shader))))
            }
            guard let program = glslang_program_create() else { return .failure(Log(text: "glslang could not start")) }
            defer { glslang_program_delete(program) }
            glslang_program_add_shader(program, shader)
            guard glslang_program_link(program, Int32(input.messages.rawValue)) != 0, glslang_program_map_io(program) != 0 else {
                return .failure(Log(text: String(cString: glslang_program_get_info_log(program))))
            }
            glslang_program_SPIRV_generate(program, GLSLANG_STAGE_FRAGMENT)
            let count = glslang_program_SPIRV_get_size(program)
            guard count > 0, let words = glslang_program_SPIRV_get_ptr(program) else {
                return .failure(Log(text: "glslang produced no SPIR-V"))
            }
            return .success(Array(UnsafeBufferPointer(start: words, count: count)))
        }
        return try result.get()
    }

    private static func input(client: glslang_client_t, target: glslang_target_language_t, defaultVersion: Int32,
                              profile: glslang_profile_t) -> glslang_input_t {
        var input = glslang_input_t()
        input.language = GLSLANG_SOURCE_GLSL
        input.stage = GLSLANG_STAGE_FRAGMENT
        input.client = client
        input.client_version = client == GLSLANG_CLIENT_OPENGL ? GLSLANG_TARGET_OPENGL_450 : glslang_target_client_version_t(rawValue: 0)
        input.target_language = target
        input.target_language_version = target == GLSLANG_TARGET_SPV ? GLSLANG_TARGET_SPV_1_0 : glslang_target_language_version_t(rawValue: 0)
        input.default_version = defaultVersion
        input.default_profile = profile
        input.messages = GLSLANG_MSG_DEFAULT_BIT
        input.resource = glslang_default_resource()
        return input
    }
}

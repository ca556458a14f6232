/* glslang (desktop GLSL into SPIR-V for OpenGL) and SPIRV-Cross (SPIR-V back to GLSL ES) behind the interface in
 * desktop_glsl.h, built as a shared library of its own so that only a process that translates loads them. */
#include <stdlib.h>
#include <string.h>
#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>
#include <spirv_cross_c.h>
#include "desktop_glsl.h"


static char *copy(const char *text) {
    return strdup(text ? text : "");
}

/* glslang's symbol tables, set up before the first shader and kept for the life of the process. */
static int initialized(void) {
    static int state = -1;
    if (state < 0) state = glslang_initialize_process() != 0;
    return state;
}

static glslang_input_t input_for(const char *source, shaderbench_glsl_stage stage, int for_spirv,
                                 int default_version, glslang_profile_t profile) {
    glslang_input_t input;
    memset(&input, 0, sizeof input);
    input.language = GLSLANG_SOURCE_GLSL;
    input.stage = stage == SHADERBENCH_GLSL_VERTEX ? GLSLANG_STAGE_VERTEX
                : stage == SHADERBENCH_GLSL_COMPUTE ? GLSLANG_STAGE_COMPUTE : GLSLANG_STAGE_FRAGMENT;
    input.client = for_spirv ? GLSLANG_CLIENT_OPENGL : GLSLANG_CLIENT_NONE;
    input.client_version = for_spirv ? GLSLANG_TARGET_OPENGL_450 : 0;
    input.target_language = for_spirv ? GLSLANG_TARGET_SPV : GLSLANG_TARGET_NONE;
    input.target_language_version = for_spirv ? GLSLANG_TARGET_SPV_1_0 : 0;
    input.code = source;
    input.default_version = default_version;
    input.default_profile = profile;
    input.messages = GLSLANG_MSG_DEFAULT_BIT;
    input.resource = glslang_default_resource();
    return input;
}

int shaderbench_glsl_accepts_as_es(const char *source, shaderbench_glsl_stage stage) {
    glslang_input_t input = input_for(source, stage, 0, 100, GLSLANG_ES_PROFILE);
    if (!initialized()) return 0;
    glslang_shader_t *shader = glslang_shader_create(&input);
    if (!shader) return 0;
    int accepted = glslang_shader_preprocess(shader, &input) && glslang_shader_parse(shader, &input);
    glslang_shader_delete(shader);
    return accepted;
}

/* `source` as SPIR-V for OpenGL in `*words` (malloc'd), or glslang's log in `*text`. Uniforms outside blocks,
 * which SPIR-V for OpenGL keeps as they are, and varyings get locations, and samplers bindings, automatically. */
static int openGL_SPIRV(const char *source, shaderbench_glsl_stage stage, int default_version,
                        unsigned **words, size_t *count, char **text) {
    glslang_input_t input = input_for(source, stage, 1, default_version, GLSLANG_CORE_PROFILE);
    glslang_shader_t *shader = initialized() ? glslang_shader_create(&input) : NULL;
    if (!shader) {
        *text = copy("ERROR: glslang could not start");
        return 0;
    }
    glslang_shader_set_options(shader, GLSLANG_SHADER_AUTO_MAP_BINDINGS | GLSLANG_SHADER_AUTO_MAP_LOCATIONS);
    glslang_program_t *program = NULL;
    int done = 0;
    if (!glslang_shader_preprocess(shader, &input) || !glslang_shader_parse(shader, &input)) {
        *text = copy(glslang_shader_get_info_log(shader));
    } else if (!(program = glslang_program_create())) {
        *text = copy("ERROR: glslang could not start");
    } else {
        glslang_program_add_shader(program, shader);
        if (!glslang_program_link(program, input.messages) || !glslang_program_map_io(program)) {
            *text = copy(glslang_program_get_info_log(program));
        } else {
            glslang_program_SPIRV_generate(program, input.stage);
            *count = glslang_program_SPIRV_get_size(program);
            const unsigned *generated = glslang_program_SPIRV_get_ptr(program);
            if (*count == 0 || !generated || !(*words = malloc(*count * sizeof **words))) {
                *text = copy("ERROR: glslang produced no SPIR-V");
            } else {
                memcpy(*words, generated, *count * sizeof **words);
                done = 1;
            }
        }
    }
    if (program) glslang_program_delete(program);
    glslang_shader_delete(shader);
    return done;
}

/* A kernel's uniforms outside blocks (numbers the composition sets) get bindings from glslang's automatic
 * mapping, which GLSL ES gives only to opaque types and blocks: every binding but its images', buffers' and
 * atomic counters' (which GLSL ES 3.10 places by nothing else) is dropped. `bound` is the module's id bound. */
static void unbind_plain_uniforms(spvc_compiler compiler, spvc_resources resources, unsigned bound) {
    const spvc_resource_type placed[] = { SPVC_RESOURCE_TYPE_STORAGE_IMAGE, SPVC_RESOURCE_TYPE_STORAGE_BUFFER, SPVC_RESOURCE_TYPE_ATOMIC_COUNTER };
    unsigned char *keep = calloc(bound ? bound : 1, 1);
    if (!keep) return;
    for (size_t kind = 0; kind < sizeof placed / sizeof *placed; kind++) {
        const spvc_reflected_resource *list = NULL;
        size_t listed = 0;
        if (spvc_resources_get_resource_list_for_type(resources, placed[kind], &list, &listed) != SPVC_SUCCESS) continue;
        for (size_t index = 0; index < listed; index++) {
            if (list[index].id < bound) keep[list[index].id] = 1;
        }
    }
    for (unsigned id = 1; id < bound; id++) {
        if (!keep[id] && spvc_compiler_has_decoration(compiler, id, SpvDecorationBinding)) {
            spvc_compiler_unset_decoration(compiler, id, SpvDecorationBinding);
        }
    }
    free(keep);
}

/* The shader `words` as GLSL ES `version` in `*text`, its uniforms, samplers and varyings under their own names,
 * or SPIRV-Cross's reason. Locations and bindings, which GLSL ES before 3.10 refuses on uniforms and varyings, are
 * dropped: the program finds its uniforms and attributes by name. A fragment shader's outputs keep theirs. */
static int GLSL_ES(const unsigned *words, size_t count, shaderbench_glsl_stage stage, unsigned version, char **text) {
    spvc_context context = NULL;
    if (spvc_context_create(&context) != SPVC_SUCCESS) {
        *text = copy("SPIRV-Cross could not start");
        return 0;
    }
    spvc_parsed_ir ir = NULL;
    spvc_compiler compiler = NULL;
    spvc_compiler_options options = NULL;
    spvc_resources resources = NULL;
    const char *written = NULL;
    int done = 0;
    if (spvc_context_parse_spirv(context, words, count, &ir) == SPVC_SUCCESS &&
        spvc_context_create_compiler(context, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP, &compiler) == SPVC_SUCCESS &&
        spvc_compiler_create_compiler_options(compiler, &options) == SPVC_SUCCESS &&
        spvc_compiler_create_shader_resources(compiler, &resources) == SPVC_SUCCESS) {
        spvc_compiler_options_set_uint(options, SPVC_COMPILER_OPTION_GLSL_VERSION, version);
        spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES, 1);
        /* Desktop GLSL computes in full precision; so does its translation. */
        spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_FLOAT_PRECISION_HIGHP, 1);
        spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_INT_PRECISION_HIGHP, 1);
        spvc_compiler_install_compiler_options(compiler, options);

        const spvc_resource_type kinds[] = {
            SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, SPVC_RESOURCE_TYPE_STAGE_INPUT, SPVC_RESOURCE_TYPE_STAGE_OUTPUT,
            SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, SPVC_RESOURCE_TYPE_SEPARATE_IMAGE, SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS,
        };
        for (size_t kind = 0; kind < sizeof kinds / sizeof *kinds; kind++) {
            if (kinds[kind] == SPVC_RESOURCE_TYPE_STAGE_OUTPUT && stage == SHADERBENCH_GLSL_FRAGMENT) continue;
            const spvc_reflected_resource *list = NULL;
            size_t listed = 0;
            if (spvc_resources_get_resource_list_for_type(resources, kinds[kind], &list, &listed) != SPVC_SUCCESS) continue;
            for (size_t index = 0; index < listed; index++) {
                spvc_compiler_unset_decoration(compiler, list[index].id, SpvDecorationLocation);
                spvc_compiler_unset_decoration(compiler, list[index].id, SpvDecorationBinding);
            }
        }
        if (stage == SHADERBENCH_GLSL_COMPUTE) unbind_plain_uniforms(compiler, resources, count > 3 ? words[3] : 0);
        done = spvc_compiler_compile(compiler, &written) == SPVC_SUCCESS && written;
    }
    *text = copy(done ? written : spvc_context_get_last_error_string(context));
    spvc_context_destroy(context);
    return done;
}

shaderbench_glsl_status shaderbench_glsl_translate(const char *source, shaderbench_glsl_stage stage,
                                                           int default_version, unsigned es_version, char **text) {
    unsigned *words = NULL;
    size_t count = 0;
    if (!openGL_SPIRV(source, stage, default_version, &words, &count, text)) return SHADERBENCH_GLSL_REFUSED;
    int written = GLSL_ES(words, count, stage, es_version, text);
    free(words);
    return written ? SHADERBENCH_GLSL_TRANSLATED : SHADERBENCH_GLSL_NOT_WRITTEN;
}

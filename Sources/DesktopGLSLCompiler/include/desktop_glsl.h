#ifndef SHADERBENCH_DESKTOP_GLSL_H
#define SHADERBENCH_DESKTOP_GLSL_H
/* The desktop GLSL compiler's interface: glslang and SPIRV-Cross behind two C functions in a shared library of
 * their own, which ShaderTranslation opens only when a shader first needs it, so that a process that never
 * translates never loads (or relocates) them. */

/* The library's file name, looked for beside the executable, then where the dynamic loader looks. */
#define SHADERBENCH_DESKTOP_GLSL_LIBRARY "libShaderbenchDesktopGLSL.so"

typedef enum {
    SHADERBENCH_GLSL_FRAGMENT = 0,
    SHADERBENCH_GLSL_VERTEX = 1,
    SHADERBENCH_GLSL_COMPUTE = 2,
} shaderbench_glsl_stage;

typedef enum {
    /* The text is GLSL ES. */
    SHADERBENCH_GLSL_TRANSLATED = 0,
    /* The text is glslang's log, in its `ERROR: 0:12: 'x' : ...` form. */
    SHADERBENCH_GLSL_REFUSED = 1,
    /* The text is SPIRV-Cross's reason. */
    SHADERBENCH_GLSL_NOT_WRITTEN = 2,
} shaderbench_glsl_status;

/* Whether glslang's GLSL ES front end accepts `source` as it stands (its #version, else ES 1.00): 1 or 0. */
typedef int (*shaderbench_glsl_accepts_as_es_function)(const char *source, shaderbench_glsl_stage stage);
#define SHADERBENCH_GLSL_ACCEPTS_AS_ES "shaderbench_glsl_accepts_as_es"

/* `source` read as desktop GLSL (`default_version` where it has no #version) into SPIR-V for OpenGL, then
 * written back as GLSL ES `es_version` (100 or 300). `*text` is the result or the reason, as the status says,
 * allocated with malloc; the caller frees it. Not reentrant: glslang's process-wide state is shared. */
typedef shaderbench_glsl_status (*shaderbench_glsl_translate_function)(const char *source, shaderbench_glsl_stage stage,
                                                                      int default_version, unsigned es_version, char **text);
#define SHADERBENCH_GLSL_TRANSLATE "shaderbench_glsl_translate"

#endif

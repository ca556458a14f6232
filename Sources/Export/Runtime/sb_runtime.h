/* The runtime every C export carries: it runs a composition's frame plan, lowered to tables of the types
   below, on an app's GLES 3 context the way the workbench's executor runs the plan itself (the same draws
   in the same order, the same texture formats, filters and uniform values), so exported frames match
   `shaderbench render` byte for byte.

   An export splices this header and sb_runtime.c into the composition's one .c file, after defining
   SB_RUNTIME_STATIC: each export keeps its own copy of the runtime, and two exports link into one app
   without a clash. Compiled on its own, the runtime's entry points are ordinary external functions. */
#ifndef SB_RUNTIME_H
#define SB_RUNTIME_H

#include <stddef.h>
/* Compute steps need GLES 3.1's entry points, which an export defines SB_RUNTIME_COMPUTE for; without it the
   runtime asks for GLES 3.0 alone. */
#ifdef SB_RUNTIME_COMPUTE
#include <GLES3/gl31.h>
#else
#include <GLES3/gl3.h>
#endif

/* An export need not call every entry point (a composition without inputs never sets one), and an unused
   static function would be a warning in the app's build. */
#if defined(SB_RUNTIME_STATIC) && defined(__GNUC__)
#define SB_RUNTIME_API static __attribute__((unused))
#elif defined(SB_RUNTIME_STATIC)
#define SB_RUNTIME_API static
#else
#define SB_RUNTIME_API
#endif

/* ---- What a composition's tables are made of. ---- */

enum { SB_OK, SB_ERROR_COMPILE, SB_ERROR_GL, SB_ERROR_OUT_OF_MEMORY, SB_ERROR_ARGUMENT, SB_ERROR_MISSING_INPUT };
enum { SB_FLOAT, SB_VEC2, SB_VEC3, SB_VEC4, SB_INT, SB_IVEC2, SB_IVEC3, SB_IVEC4,
       SB_BOOL, SB_BVEC2, SB_BVEC3, SB_BVEC4, SB_MAT2, SB_MAT3, SB_MAT4 };
enum { SB_STEP_INPUT, SB_STEP_PATTERN, SB_STEP_PASS, SB_STEP_CONSTANT, SB_STEP_TIME, SB_STEP_LFO,
       SB_STEP_OPERATION, SB_STEP_REDUCTION, SB_STEP_HELD, SB_STEP_PARAMETER, SB_STEP_CURVE, SB_STEP_COMPUTE,
       SB_STEP_BUFFER_VALUE };
enum { SB_DIALECT_GLSL, SB_DIALECT_SHADERTOY, SB_DIALECT_ISF, SB_DIALECT_GLSLVIEWER, SB_DIALECT_GLSLSANDBOX, SB_DIALECT_BONZOMATIC };
enum { SB_MAP_FILL, SB_MAP_FIT, SB_MAP_STRETCH };
enum { SB_ADD, SB_MULTIPLY, SB_MIX, SB_CLAMP, SB_SMOOTH };
enum { SB_SINE, SB_TRIANGLE, SB_SQUARE };
enum { SB_AVERAGE, SB_CENTROID, SB_MINMAX, SB_HISTOGRAM, SB_MEASURE_COUNT };
enum { SB_RGBA8, SB_RGBA16F, SB_RGBA32F, SB_R32F, SB_R32UI };
enum { SB_SCALAR_FLOAT, SB_SCALAR_INT, SB_SCALAR_UINT };
enum { SB_KEY_HOLD, SB_KEY_LINEAR, SB_KEY_SMOOTH, SB_KEY_BEZIER };
enum { SB_CURVE_ONCE, SB_CURVE_LOOP, SB_CURVE_PING_PONG };
enum { SB_ROUND_NONE, SB_ROUND_WHOLE, SB_ROUND_STEPS };

/* Shader text in pieces, each a string short enough for any C99 compiler, which the driver joins; no
   pieces for a text this composition never uses. */
typedef struct sb_text {
    const char *const *pieces;
    int count;
} sb_text;

/* A program: vertex and fragment, or (compute not empty) one compute kernel. fetch_fragment, for a shader that reads gl_LastFragData, is its text for a GPU that lists
   EXT_shader_framebuffer_fetch, which the runtime links instead there (unless the app defines
   SB_NO_FRAMEBUFFER_FETCH): fragment reads the target's previous contents from a texture. */
typedef struct sb_program_def {
    sb_text vertex, fragment;
    const char *what;
    sb_text fetch_fragment;
    sb_text compute;
} sb_program_def;

/* A value: literal numbers (slot < 0) or another step's value, optionally some of its components. */
typedef struct sb_operand_def {
    int present;
    int slot;
    const int *components;
    int component_count;
    const float *literal;
    int literal_count;
} sb_operand_def;

/* An image a pass samples: a step's image, or the last frame of a pass (its own or another's). */
typedef struct sb_input_def {
    const char *sampler;
    int unit;
    int source;
    int mapping;
    int feedback;
    int channel; /* ShaderToy's iChannelN, else -1 */
    int filter;  /* the GL filter the composition sets, else 0: nearest at the pass's size, linear when scaled */
    int wrap;    /* the GL wrap mode */
    int flip;    /* read upside down */
} sb_input_def;

/* A uniform set once (literal) or every frame (wired to a step's value). */
typedef struct sb_uniform_def {
    const char *name;
    int type;
    int count;
    sb_operand_def value;
} sb_uniform_def;

typedef struct sb_isf_pass_def {
    int target; /* index into the step's ISF targets, or -1 */
    double (*width)(double width, double height);
    double (*height)(double width, double height);
} sb_isf_pass_def;

typedef struct sb_isf_target_def {
    const char *name;
    int unit;
    int is_float;
    int persistent;
    int first_pass;
} sb_isf_target_def;

/* A number a compute step works out from its measures: [0] and [1] the width and height it is over (the render
   size for the step's own size, the step's size for its work groups), then each compute input's width and
   height in turn, then the first number of each uniform its expressions read. Rounded down by the function. */
typedef double (*sb_measure_function)(const double *measures);

/* A kernel of a compute step, run in order: its program, its work groups on each axis (NULL: as many groups of
   its local size as cover the step's image), the barrier bits after it, and its iResolution's components (0:
   none). */
typedef struct sb_kernel_def {
    int program;
    int local_width, local_height;
    sb_measure_function groups[3];
    unsigned barrier;
    int resolution_components;
} sb_kernel_def;

/* An image a compute step reads: sampled on unit (image_unit < 0), or loaded as a readonly image on image_unit,
   copied first into an image of format. */
typedef struct sb_compute_input_def {
    const char *name;
    int source;
    int image_unit, format;
    int unit;
    int filter, wrap;
} sb_compute_input_def;

/* An image a compute step's kernels write on unit; stored (SB_R32F, SB_R32UI, else -1) is the one-channel format
   they store into, copied after them into the red channel of the image, then an SB_RGBA32F one. */
typedef struct sb_compute_target_def {
    int unit, format, stored;
} sb_compute_target_def;

/* A storage buffer on binding: byte_count bytes from initial (NULL: zeros), started again each frame unless
   persistent. */
typedef struct sb_buffer_def {
    int binding, byte_count;
    const unsigned char *initial;
    int persistent;
} sb_buffer_def;

/* A compute step: its kernels, inputs, targets (the first is its image) and buffers; its size, the size of
   step size_step (>= 0), else width and height (not NULL), else the step's width and height. */
typedef struct sb_compute_def {
    const char *what;
    const sb_kernel_def *kernels;
    int kernel_count;
    const sb_compute_input_def *inputs;
    int input_count;
    const sb_compute_target_def *targets;
    int target_count;
    const sb_buffer_def *buffers;
    int buffer_count;
    int size_step;
    sb_measure_function width, height;
    const sb_operand_def *measured; /* the uniforms the expressions read, in the order of the measures */
    int measured_count;
} sb_compute_def;

/* Elements of a compute step's buffer as a value: count elements of components numbers each (scalar as the
   SB_SCALAR_ kinds), stride bytes apart from byte offset. */
typedef struct sb_buffer_read_def {
    int buffer, offset, stride, components, count, scalar;
} sb_buffer_read_def;

typedef struct sb_step_def {
    int kind;
    int width, height; /* 0: the render size */
    /* input */
    int input;
    /* pattern, pass */
    int program;
    int format;
    int dialect;
    int feedback;
    int interpolates; /* samples between texels: inputs are read bilinearly even at the pass's shape */
    /* reads gl_LastFragData: draws over its last frame (feedback is set), which it fetches, or else
       samples on previous_contents_unit */
    int reads_previous_contents, previous_contents_unit;
    const sb_input_def *inputs;
    int input_count;
    const sb_uniform_def *uniforms;
    int uniform_count;
    /* GPUImage's texel step: set by the composition (literal), else one texel of the first input, which
       the shader's own uniforms of these names (when not NULL) are set to as well */
    int texel_width_literal, texel_height_literal;
    const char *texel_width_uniform, *texel_height_uniform;
    float texel_width, texel_height;
    const sb_isf_pass_def *isf_passes;
    int isf_pass_count;
    const sb_isf_target_def *isf_targets;
    int isf_target_count;
    /* value steps: room for their numbers; constant, held, parameter: the first numbers */
    int value_capacity;
    const float *values;
    int value_count;
    sb_operand_def follows;
    const float *minimum, *maximum;
    /* lfo */
    int waveform;
    float rate, phase;
    /* operation: value_count components */
    int operation;
    const sb_operand_def *operands;
    int operand_count;
    /* reduction */
    int measure, source, per_channel;
    /* curve: key_count keys at key_times (seconds, rising), each value_count numbers of values; the segment
       after key k is drawn as key_interpolations[k] says, a Bezier through key_handles[4k .. 4k + 3] */
    const double *key_times;
    const int *key_interpolations;
    const double *key_handles;
    int key_count, repetition, rounding;
    /* compute: its kernels and what they read and write; uniforms above are theirs */
    const sb_compute_def *compute;
    /* buffer value: source is the compute step */
    const sb_buffer_read_def *buffer_read;
} sb_step_def;

/* A value node the app reads by name: the step that holds its numbers. */
typedef struct sb_value_def {
    const char *node;
    int step;
} sb_value_def;

/* The workbench's own GLSL the runtime draws with besides the composition's programs. A text this
   composition never uses may be empty. */
typedef struct sb_built_in_shaders {
    sb_text fullscreen_vertex;
    sb_text reshape_fragment;
    sb_text copy_vertex, copy_fragment;
    sb_text shrink_fragments[SB_MEASURE_COUNT * 2]; /* per measure: its first level's, then its later levels' */
    sb_text histogram_vertex, histogram_fragment;
    sb_text one_channel_copies[4]; /* r32f out of the kernels, r32f in, then r32ui's */
} sb_built_in_shaders;

/* One composition, as its export's tables describe it; the runtime is handed it at creation and keeps a
   pointer to it, so it must outlive the runtime (an export's is a static constant). */
typedef struct sb_composition {
    const sb_program_def *programs;
    int program_count;
    const sb_step_def *steps;
    int step_count;
    const char *const *input_names; /* the node each input of the app's stands for */
    int input_count;
    const sb_value_def *values;
    int value_count;
    int render_width, render_height; /* unless render_size_input names the input whose size it takes */
    int render_size_input;           /* -1: none */
    int output_step;
    int uses_reshape;                /* an input is laid onto a pass of another shape */
    int uses_measure[SB_MEASURE_COUNT];
    const sb_built_in_shaders *shaders;
} sb_composition;

/* ---- The runtime's entry points. Each returns SB_OK or an error that sb_last_error words. ---- */

typedef struct sb_runtime sb_runtime;

/* Compiles the composition's programs on the current context. On failure *result is NULL and message
   (when not NULL) holds the reason. */
SB_RUNTIME_API int sb_create(sb_runtime **result, const sb_composition *composition, char *message, size_t message_capacity);

/* Releases every GL object and the memory the runtime holds. NULL is allowed. */
SB_RUNTIME_API void sb_destroy(sb_runtime *runtime);

SB_RUNTIME_API const char *sb_last_error(const sb_runtime *runtime);

/* Renders at width x height from the next frame; 0 x 0 goes back to the composition's own size. */
SB_RUNTIME_API int sb_resize(sb_runtime *runtime, int width, int height);

/* The size frames render at (0 x 0 before the first frame). */
SB_RUNTIME_API void sb_render_size(const sb_runtime *runtime, int *width, int *height);

SB_RUNTIME_API int sb_render_to_texture(sb_runtime *runtime, double seconds, int frame, GLuint texture, int width, int height);

SB_RUNTIME_API int sb_render_to_framebuffer(sb_runtime *runtime, double seconds, int frame, GLuint framebuffer, int width, int height);

/* The app's texture for input number input (in the composition's input_names order). */
SB_RUNTIME_API int sb_set_input(sb_runtime *runtime, int input, GLuint texture, int width, int height);

/* Sets a value step (a parameter, picked colour, dragged number, pointer or key), clamped to its range. A call
   with NaN or an infinity among its values changes nothing. */
SB_RUNTIME_API void sb_set_value(sb_runtime *runtime, int step, const float *values, int count);

/* A value node's numbers after the last frame, by node name: up to capacity of them into values, returning
   how many it has, or -1 for a node that is not a value node. */
SB_RUNTIME_API int sb_value(const sb_runtime *runtime, const char *node, float *values, int capacity);

/* A movie input's moment at composition time seconds, in the movie's seconds, for the app to feed the frame
   there: its keyed time (time_curve, a one-number curve step; NULL for none), else start + seconds * speed;
   looped round a movie duration seconds long when loops is set, else held at its end; never before 0. A
   duration of 0 or less (unknown) neither loops nor holds. MovieSource.movieTime, operation for operation. */
SB_RUNTIME_API double sb_movie_time(const sb_step_def *time_curve, double start, double speed, int loops, double seconds,
                                    double duration);

#endif

/* The runtime every C export carries: runs a composition's tables (sb_runtime.h) on the app's GLES 3
   context as the workbench's executor runs its frame plan; sb_compute.c, included below, runs compute steps. */
#include "sb_runtime.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SB_MAXIMUM_SIDE 16384
#define SB_MAXIMUM_PIXELS (64.0 * 1024 * 1024) /* the workbench's budget for one target */
#define SB_MAXIMUM_LEVELS 16
#define SB_SHRINK_PROGRAM_COUNT (SB_MEASURE_COUNT * 2) /* per measure: its first level's, then its later levels' */

typedef struct sb_target {
    GLuint texture, framebuffer;
    int width, height, format;
} sb_target;

typedef struct sb_step_state {
    sb_target own;             /* a pattern's or a pass's image */
    sb_target feedback[2];     /* a pass whose last frame is read (by itself or others) draws into these by turns */
    int feedback_last;         /* which of them holds the last frame, for the whole of a frame */
    sb_target *reshaped;       /* per input: laid onto the pass's shape or turned over (no texture: not needed) */
    float *shares;             /* per input: the share of its width and height shown */
    GLint *filters;            /* per input */
    GLint *uniform_locations;  /* per uniform */
    sb_target *isf_buffers;    /* per ISF target, two (one used unless persistent) */
    int *isf_latest;           /* per ISF target: the buffer with its newest image */
    int *isf_width, *isf_height; /* per ISF pass */
    sb_target levels[SB_MAXIMUM_LEVELS];
    int level_count;
    float *readback;           /* a histogram's bins as read back, four floats each */
    const sb_target *image;    /* what the step made this frame */
    float *value;              /* a value step's numbers */
    int value_count, value_capacity;
    int has_value, is_set;
    int width, height;
    struct sb_compute_state *compute; /* a compute step's images, buffers and kernels' locations */
    GLint time_location, frame_location, delta_location, rate_location, mouse_location, date_location,
          channel_time_location, pass_index_location, render_size_location;
} sb_step_state;

struct sb_runtime {
    const sb_composition *composition;
    GLuint *programs;          /* per composition program */
    int *fetches;              /* per composition program: linked with its fetch_fragment */
    GLuint reshape_program, copy_program, histogram_program, shrink_programs[SB_SHRINK_PROGRAM_COUNT];
    GLuint vertex_array, quad_buffer, coordinate_buffer, empty_vertex_array, output_framebuffer;
    GLuint one_channel_programs[4], read_framebuffer; /* compute steps' copies (sb_compute.c) */
    GLint reshape_share, reshape_pass_size, reshape_flipped, histogram_width, histogram_rows, copy_exact;
    GLint shrink_source_size[SB_SHRINK_PROGRAM_COUNT], shrink_span[SB_SHRINK_PROGRAM_COUNT],
          shrink_original_size[SB_SHRINK_PROGRAM_COUNT];
    sb_step_state *steps;      /* per step */
    sb_target *inputs;         /* per input: the app's textures, never deleted here */
    int requested_width, requested_height;
    int render_width, render_height;
    int configured;
    double previous_seconds;
    int has_previous;
    time_t created;
    char error[1024];
};

static int sb_fail(sb_runtime *runtime, int status, const char *format, const char *detail) {
    snprintf(runtime->error, sizeof runtime->error, format, detail);
    return status;
}

static int sb_check_gl(sb_runtime *runtime, const char *what) {
    GLenum error = glGetError();
    if (error == GL_NO_ERROR) return SB_OK;
    snprintf(runtime->error, sizeof runtime->error, "GL error 0x%x while %s", (unsigned)error, what);
    return error == GL_OUT_OF_MEMORY ? SB_ERROR_OUT_OF_MEMORY : SB_ERROR_GL;
}

static GLuint sb_compile(sb_runtime *runtime, GLenum stage, const sb_text *text, const char *what) {
    GLuint shader = glCreateShader(stage);
    GLint compiled = GL_FALSE;
    char log[768];
    GLsizei written = 0;
    glShaderSource(shader, (GLsizei)text->count, text->pieces, NULL);
    glCompileShader(shader);
    glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
    if (compiled == GL_TRUE) return shader;
    glGetShaderInfoLog(shader, (GLsizei)sizeof log, &written, log);
    log[written > 0 && written < (GLsizei)sizeof log ? written : 0] = '\0';
    snprintf(runtime->error, sizeof runtime->error, "%s: the %s shader failed to compile: %s", what,
             stage == GL_VERTEX_SHADER ? "vertex" : stage == GL_FRAGMENT_SHADER ? "fragment" : "compute", log);
    glDeleteShader(shader);
    return 0;
}

/* The program once glLinkProgram has run, or 0 (deleted) with the driver's log as the error. */
static GLuint sb_linked(sb_runtime *runtime, GLuint program, const char *what, const char *stages) {
    GLint linked = GL_FALSE;
    char log[768];
    GLsizei written = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &linked);
    if (linked == GL_TRUE) return program;
    glGetProgramInfoLog(program, (GLsizei)sizeof log, &written, log);
    log[written > 0 && written < (GLsizei)sizeof log ? written : 0] = '\0';
    snprintf(runtime->error, sizeof runtime->error, "%s: the %s failed to link: %s", what, stages, log);
    glDeleteProgram(program);
    return 0;
}

static GLuint sb_link(sb_runtime *runtime, const sb_text *vertex, const sb_text *fragment, const char *what) {
    GLuint vertex_shader, fragment_shader, program;
    vertex_shader = sb_compile(runtime, GL_VERTEX_SHADER, vertex, what);
    if (!vertex_shader) return 0;
    fragment_shader = sb_compile(runtime, GL_FRAGMENT_SHADER, fragment, what);
    if (!fragment_shader) {
        glDeleteShader(vertex_shader);
        return 0;
    }
    program = glCreateProgram();
    glAttachShader(program, vertex_shader);
    glAttachShader(program, fragment_shader);
    glBindAttribLocation(program, 0, "position");
    /* GPUImage's texture coordinate attributes, one per input, which a vertex shader of the user's reads. */
    glBindAttribLocation(program, 1, "inputTextureCoordinate");
    glBindAttribLocation(program, 2, "inputTextureCoordinate2");
    glBindAttribLocation(program, 3, "inputTextureCoordinate3");
    glBindAttribLocation(program, 4, "inputTextureCoordinate4");
    glBindAttribLocation(program, 5, "inputTextureCoordinate5");
    glLinkProgram(program);
    glDeleteShader(vertex_shader);
    glDeleteShader(fragment_shader);
    return sb_linked(runtime, program, what, "shaders");
}

/* Whether the driver lists EXT_shader_framebuffer_fetch, by whole name; an app may rule it out by defining
   SB_NO_FRAMEBUFFER_FETCH, and the texture path then runs everywhere. */
static int sb_framebuffer_fetch(void) {
#ifdef SB_NO_FRAMEBUFFER_FETCH
    return 0;
#else
    static const char name[] = "GL_EXT_shader_framebuffer_fetch";
    const char *list = (const char *)glGetString(GL_EXTENSIONS);
    const char *found = list;
    while (found && (found = strstr(found, name)) != NULL) {
        char after = found[sizeof name - 1];
        if ((found == list || found[-1] == ' ') && (after == ' ' || after == '\0')) return 1;
        found += sizeof name - 1;
    }
    return 0;
#endif
}

/* Zeroed room for count items, and for one when count is 0, so that NULL always means out of memory. */
static void *sb_allocate(int count, size_t size) {
    return calloc(count > 0 ? (size_t)count : 1, size);
}

static void sb_release_target(sb_target *target) {
    if (target->framebuffer) glDeleteFramebuffers(1, &target->framebuffer);
    if (target->texture) glDeleteTextures(1, &target->texture);
    memset(target, 0, sizeof *target);
}

/* A texture with a framebuffer drawing into it, made transparent black; kept while its shape stays. */
static int sb_make_target(sb_runtime *runtime, sb_target *target, int width, int height, int format) {
    GLenum status;
    if (target->texture && target->width == width && target->height == height && target->format == format) return SB_OK;
    sb_release_target(target);
    glGenTextures(1, &target->texture);
    glBindTexture(GL_TEXTURE_2D, target->texture);
    if (format == SB_RGBA16F) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, width, height, 0, GL_RGBA, GL_HALF_FLOAT, NULL);
    } else if (format == SB_RGBA32F) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, width, height, 0, GL_RGBA, GL_FLOAT, NULL);
    } else {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &target->framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target->texture, 0);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    target->width = width;
    target->height = height;
    target->format = format;
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        sb_release_target(target);
        return sb_fail(runtime, SB_ERROR_GL, "a render target is not supported by this GL (%s)",
                       format == SB_RGBA8 ? "RGBA8" : "floating point");
    }
    glViewport(0, 0, width, height);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    return sb_check_gl(runtime, "allocating a render target");
}

static void sb_draw_into(const sb_target *target) {
    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer);
    glViewport(0, 0, target->width, target->height);
}

/* A mipmapped read rebuilds the chain from the image as it is now; magnifying has no levels to choose. */
static void sb_bind_wrapped(const sb_target *target, int unit, GLint filter, GLint wrap) {
    glActiveTexture(GL_TEXTURE0 + (GLenum)unit);
    glBindTexture(GL_TEXTURE_2D, target->texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter == GL_LINEAR_MIPMAP_LINEAR ? GL_LINEAR : filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
    if (filter == GL_LINEAR_MIPMAP_LINEAR) glGenerateMipmap(GL_TEXTURE_2D);
}

static void sb_bind(const sb_target *target, int unit, GLint filter) {
    sb_bind_wrapped(target, unit, filter, GL_CLAMP_TO_EDGE);
}

static void sb_draw_quad(const sb_runtime *runtime) {
    glBindVertexArray(runtime->vertex_array);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Sets a uniform of any settable type from floats; int and bool types are rounded. */
static void sb_set_uniform(GLint location, int type, int count, const float *values, int value_count) {
    GLint integers[1024];
    int index;
    if (location < 0 || value_count <= 0) return;
    switch (type) {
    case SB_FLOAT: glUniform1fv(location, count, values); return;
    case SB_VEC2: glUniform2fv(location, count, values); return;
    case SB_VEC3: glUniform3fv(location, count, values); return;
    case SB_VEC4: glUniform4fv(location, count, values); return;
    case SB_MAT2: glUniformMatrix2fv(location, count, GL_FALSE, values); return;
    case SB_MAT3: glUniformMatrix3fv(location, count, GL_FALSE, values); return;
    case SB_MAT4: glUniformMatrix4fv(location, count, GL_FALSE, values); return;
    default: break;
    }
    if (value_count > 1024) value_count = 1024;
    for (index = 0; index < value_count; index++) integers[index] = (GLint)roundf(values[index]);
    switch (type) {
    case SB_INT: case SB_BOOL: glUniform1iv(location, count, integers); break;
    case SB_IVEC2: case SB_BVEC2: glUniform2iv(location, count, integers); break;
    case SB_IVEC3: case SB_BVEC3: glUniform3iv(location, count, integers); break;
    default: glUniform4iv(location, count, integers); break;
    }
}

/* An operand's numbers into `into` (at most `capacity`); returns how many. */
static int sb_gather(const sb_runtime *runtime, const sb_operand_def *operand, float *into, int capacity) {
    int count, index;
    if (!operand->present) return 0;
    if (operand->slot < 0) {
        count = operand->literal_count < capacity ? operand->literal_count : capacity;
        for (index = 0; index < count; index++) into[index] = operand->literal[index];
        return count;
    }
    {
        const sb_step_state *source = &runtime->steps[operand->slot];
        if (operand->component_count == 0) {
            count = source->value_count < capacity ? source->value_count : capacity;
            for (index = 0; index < count; index++) into[index] = source->value[index];
            return count;
        }
        count = operand->component_count < capacity ? operand->component_count : capacity;
        for (index = 0; index < count; index++) {
            int component = operand->components[index];
            into[index] = component < source->value_count ? source->value[component] : 0;
        }
        return count;
    }
}

/* One component of an operand; a one-number operand stands for every component. */
static float sb_component(const sb_runtime *runtime, const sb_operand_def *operand, int component) {
    const sb_step_state *source;
    int count, picked;
    if (!operand->present) return 0;
    if (operand->slot < 0) {
        count = operand->literal_count;
        if (count == 0) return 0;
        return operand->literal[count == 1 ? 0 : (component < count ? component : count - 1)];
    }
    source = &runtime->steps[operand->slot];
    count = operand->component_count ? operand->component_count : source->value_count;
    if (count == 0) return 0;
    picked = count == 1 ? 0 : (component < count ? component : count - 1);
    if (operand->component_count) {
        picked = operand->components[picked];
        return picked < source->value_count ? source->value[picked] : 0;
    }
    return source->value[picked];
}

static float sb_lfo(const sb_step_def *step, double seconds) {
    double cycle = fmod((double)step->rate * seconds + (double)step->phase, 1.0);
    double position = cycle < 0 ? cycle + 1 : cycle;
    switch (step->waveform) {
    case SB_TRIANGLE: return (float)(position < 0.5 ? 2 * position : 2 - 2 * position);
    case SB_SQUARE: return position < 0.5 ? 1.0f : 0.0f;
    default: return (float)(0.5 + 0.5 * sin(2 * 3.14159265358979323846 * position));
    }
}

/* A curve's value at a moment: the workbench's KeyedCurve.value(at:), operation for operation, so the
   numbers are the same bits as render's. */
static double sb_bezier_coordinate(double s, double first, double second) {
    double r = 1.0 - s;
    return 3.0 * r * r * s * first + 3.0 * r * s * s * second + s * s * s;
}

static double sb_curve_weight(int interpolation, const double *handles, double fraction) {
    double low = 0.0, high = 1.0, middle;
    int halving;
    switch (interpolation) {
    case SB_KEY_HOLD: return 0;
    case SB_KEY_SMOOTH: return fraction * fraction * (3.0 - 2.0 * fraction);
    case SB_KEY_BEZIER:
        for (halving = 0; halving < 40; halving++) {
            middle = (low + high) * 0.5;
            if (sb_bezier_coordinate(middle, handles[0], handles[2]) < fraction) low = middle;
            else high = middle;
        }
        return sb_bezier_coordinate((low + high) * 0.5, handles[1], handles[3]);
    default: return fraction;
    }
}

static void sb_curve_value(const sb_step_def *step, double seconds, float *into) {
    int width = step->value_count, low = 0, high = step->key_count - 1, middle, component;
    double first = step->key_times[0], last = step->key_times[step->key_count - 1], span = last - first, moment = seconds, offset;
    const float *from, *to;
    float weight, value;
    if (span > 0 && seconds > last) {
        if (step->repetition == SB_CURVE_LOOP) {
            moment = first + fmod(seconds - first, span);
        } else if (step->repetition == SB_CURVE_PING_PONG) {
            offset = fmod(seconds - first, 2.0 * span);
            moment = offset <= span ? first + offset : first + (2.0 * span - offset);
        }
    }
    if (moment <= first || moment >= last) {
        from = step->values + (moment <= first ? 0 : (step->key_count - 1) * width);
        for (component = 0; component < width; component++) into[component] = from[component];
        return;
    }
    while (high - low > 1) {
        middle = (low + high) / 2;
        if (step->key_times[middle] <= moment) low = middle;
        else high = middle;
    }
    from = step->values + low * width;
    to = from + width;
    if (step->rounding == SB_ROUND_STEPS || step->key_interpolations[low] == SB_KEY_HOLD) {
        for (component = 0; component < width; component++) into[component] = from[component];
        return;
    }
    weight = (float)sb_curve_weight(step->key_interpolations[low], step->key_handles + 4 * low,
                                    (moment - step->key_times[low]) / (step->key_times[low + 1] - step->key_times[low]));
    for (component = 0; component < width; component++) {
        value = from[component] + (to[component] - from[component]) * weight;
        into[component] = step->rounding == SB_ROUND_WHOLE ? roundf(value) : value;
    }
}

SB_RUNTIME_API double sb_movie_time(const sb_step_def *time_curve, double start, double speed, int loops, double seconds,
                                    double duration) {
    double moment, wrapped;
    float keyed;
    if (time_curve) {
        sb_curve_value(time_curve, seconds, &keyed);
        moment = keyed;
    } else {
        moment = start + seconds * speed;
    }
    if (!(duration > 0)) return moment > 0 ? moment : 0;
    if (loops) {
        wrapped = fmod(moment, duration);
        return wrapped < 0 ? wrapped + duration : wrapped;
    }
    return moment < 0 ? 0 : moment > duration ? duration : moment;
}

static void sb_evaluate(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state) {
    int component, operand;
    int first = !state->has_value;
    for (component = 0; component < step->value_count; component++) {
        float result = 0;
        switch (step->operation) {
        case SB_ADD:
            for (operand = 0; operand < step->operand_count; operand++) result += sb_component(runtime, &step->operands[operand], component);
            break;
        case SB_MULTIPLY:
            result = 1;
            for (operand = 0; operand < step->operand_count; operand++) result *= sb_component(runtime, &step->operands[operand], component);
            break;
        case SB_MIX: {
            float a = sb_component(runtime, &step->operands[0], component), b = sb_component(runtime, &step->operands[1], component);
            result = a + (b - a) * sb_component(runtime, &step->operands[2], component);
            break;
        }
        case SB_CLAMP: {
            float value = sb_component(runtime, &step->operands[0], component);
            float low = sb_component(runtime, &step->operands[1], component);
            float high = sb_component(runtime, &step->operands[2], component);
            result = value > low ? value : low;
            result = result < high ? result : high;
            break;
        }
        default: {
            /* The previous result is this step's own last value; the factor is the share it keeps. */
            float factor = first ? 0 : sb_component(runtime, &step->operands[1], component);
            float previous = first ? 0 : state->value[component];
            factor = factor > 0 ? (factor < 1 ? factor : 1) : 0;
            result = previous * factor + sb_component(runtime, &step->operands[0], component) * (1 - factor);
            break;
        }
        }
        state->value[component] = result;
    }
    state->value_count = step->value_count;
    state->has_value = 1;
}

/* Measures an image: shrinks it 4x4 texels per level to one texel and reads that back; a histogram
   scatters one point per pixel onto its bin with additive blending. */
static void sb_reduce(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state, const sb_target *input, int width, int height) {
    const sb_target *source = input;
    int source_width = width, source_height = height, span = 1, level;
    float pixel[4] = {0, 0, 0, 0};
    if (step->measure == SB_HISTOGRAM) {
        const sb_target *bins = &state->levels[0];
        int bin, rows = bins->height;
        sb_draw_into(bins);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glUseProgram(runtime->histogram_program);
        sb_bind(input, 0, GL_NEAREST);
        glUniform1i(runtime->histogram_width, width);
        glUniform1i(runtime->histogram_rows, rows);
        glEnable(GL_BLEND);
        glBlendFunc(GL_ONE, GL_ONE);
        glBindVertexArray(runtime->empty_vertex_array);
        glDrawArraysInstanced(GL_POINTS, 0, width * height, rows);
        glBindVertexArray(0);
        glDisable(GL_BLEND);
        glReadPixels(0, 0, 256, rows, GL_RGBA, GL_FLOAT, state->readback);
        for (bin = 0; bin < 256 * rows && bin < state->value_capacity; bin++) state->value[bin] = state->readback[bin * 4];
        state->value_count = 256 * rows;
        return;
    }
    for (level = 0; level < state->level_count; level++) {
        int shrink = step->measure * 2 + (level == 0 ? 0 : 1);
        sb_draw_into(&state->levels[level]);
        glUseProgram(runtime->shrink_programs[shrink]);
        sb_bind(source, 0, GL_NEAREST);
        glUniform2i(runtime->shrink_source_size[shrink], source_width, source_height);
        glUniform1i(runtime->shrink_span[shrink], span);
        glUniform2i(runtime->shrink_original_size[shrink], width, height);
        sb_draw_quad(runtime);
        source = &state->levels[level];
        source_width = source->width;
        source_height = source->height;
        span *= 4;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, source->framebuffer);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, pixel);
    switch (step->measure) {
    case SB_CENTROID:
        /* Sums of x*w, y*w and w over the mask, each divided by the pixel count: dividing by the mean
           weight gives the centroid, and the mean weight is the area. */
        state->value[0] = pixel[2] > 0 ? pixel[0] / pixel[2] : -1;
        state->value[1] = pixel[2] > 0 ? pixel[1] / pixel[2] : -1;
        state->value[2] = pixel[2] > 0 ? pixel[2] : 0;
        state->value_count = 3;
        break;
    case SB_MINMAX:
        state->value[0] = pixel[0];
        state->value[1] = pixel[1];
        state->value_count = 2;
        break;
    default:
        memcpy(state->value, pixel, sizeof pixel);
        state->value_count = 4;
        break;
    }
}

/* An ISF size in pixels: rounded down, at least 1, at most the largest side; not a number gives 1. */
static int sb_pixels(double value) {
    if (value != value) return 1;
    value = floor(value);
    if (value < 1) return 1;
    if (value > SB_MAXIMUM_SIDE) return SB_MAXIMUM_SIDE;
    return (int)value;
}

#include "sb_compute.c"

/* A last frame may be a later pass's, not configured yet: its size is the one its definition gives. */
static void sb_input_size(const sb_runtime *runtime, const sb_input_def *input, int *width, int *height) {
    const sb_step_def *source = &runtime->composition->steps[input->source];
    *width = input->feedback ? (source->width ? source->width : runtime->render_width) : runtime->steps[input->source].width;
    *height = input->feedback ? (source->height ? source->height : runtime->render_height) : runtime->steps[input->source].height;
}

/* The format of the image an input reads: a pass's or compute step's own, else the 8 bits of an app's texture or a pattern. */
static int sb_input_format(const sb_runtime *runtime, const sb_input_def *input) {
    const sb_step_def *source = &runtime->composition->steps[input->source];
    if (source->kind == SB_STEP_COMPUTE) return source->compute->target_count ? source->compute->targets[0].format : SB_RGBA8;
    return source->kind == SB_STEP_PASS ? source->format : SB_RGBA8;
}

/* A pass's sizes, targets, reshaped inputs and the uniforms that only change with them. */
static int sb_configure_pass(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state, int width, int height) {
    GLuint program = runtime->programs[step->program];
    float texel[2];
    int input, pass, status;
    if (step->feedback) {
        if ((status = sb_make_target(runtime, &state->feedback[0], width, height, step->format))) return status;
        if ((status = sb_make_target(runtime, &state->feedback[1], width, height, step->format))) return status;
    } else if (step->isf_pass_count == 0) {
        if ((status = sb_make_target(runtime, &state->own, width, height, step->format))) return status;
    }
    for (input = 0; input < step->input_count; input++) {
        const sb_input_def *definition = &step->inputs[input];
        int source_width, source_height, laid_on_pass, sampled_width, sampled_height;
        sb_input_size(runtime, definition, &source_width, &source_height);
        /* A last frame is read as its pass made it, only ever turned over. */
        laid_on_pass = !definition->feedback && definition->mapping != SB_MAP_STRETCH
            && (long)source_width * height != (long)source_height * width;
        sampled_width = laid_on_pass ? width : source_width;
        sampled_height = laid_on_pass ? height : source_height;
        if (laid_on_pass) {
            double ratio = ((double)width / (double)height) / ((double)source_width / (double)source_height);
            int fill = definition->mapping == SB_MAP_FILL;
            state->shares[input * 2] = (float)(fill ? (ratio < 1 ? ratio : 1) : (ratio < 1 ? 1 : ratio));
            state->shares[input * 2 + 1] = (float)(fill ? (ratio < 1 ? 1 : 1 / ratio) : (ratio < 1 ? 1 / ratio : 1));
        } else {
            state->shares[input * 2] = 1;
            state->shares[input * 2 + 1] = 1;
        }
        if (laid_on_pass || definition->flip) {
            status = sb_make_target(runtime, &state->reshaped[input], sampled_width, sampled_height, sb_input_format(runtime, definition));
            if (status) return status;
        } else {
            sb_release_target(&state->reshaped[input]);
        }
        /* 1:1 sampling is exact with nearest filtering, unless the pass samples between texels. */
        state->filters[input] = definition->filter ? definition->filter
            : sampled_width == width && sampled_height == height && !step->interpolates ? GL_NEAREST : GL_LINEAR;
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, definition->sampler), definition->unit);
    }
    glUseProgram(program);
    if (step->reads_previous_contents && !runtime->fetches[step->program]) {
        glUniform1i(glGetUniformLocation(program, "shaderbenchPreviousContents"), step->previous_contents_unit);
        glUniform2f(glGetUniformLocation(program, "shaderbenchTargetSize"), (float)width, (float)height);
    }
    /* GPUImage's texel step: one texel of the first input, unless set. */
    if (step->input_count) {
        int first_width, first_height;
        sb_input_size(runtime, &step->inputs[0], &first_width, &first_height);
        texel[0] = 1.0f / (float)first_width;
        texel[1] = 1.0f / (float)first_height;
    } else {
        texel[0] = 1.0f / (float)width;
        texel[1] = 1.0f / (float)height;
    }
    if (step->texel_width_literal) texel[0] = step->texel_width;
    else if (step->texel_width_uniform) glUniform1f(glGetUniformLocation(program, step->texel_width_uniform), texel[0]);
    if (step->texel_height_literal) texel[1] = step->texel_height;
    else if (step->texel_height_uniform) glUniform1f(glGetUniformLocation(program, step->texel_height_uniform), texel[1]);
    glUniform2fv(glGetUniformLocation(program, "shaderbenchTexelStep"), 1, texel);
    if (step->dialect == SB_DIALECT_SHADERTOY) {
        /* Ten channels, as VS Code's Shader Toy extension has; the site's four take the first of them. */
        float resolutions[30];
        memset(resolutions, 0, sizeof resolutions);
        glUniform3f(glGetUniformLocation(program, "iResolution"), (float)width, (float)height, 1);
        for (input = 0; input < step->input_count; input++) {
            int channel = step->inputs[input].channel, source_width, source_height;
            if (channel < 0 || channel > 9) continue;
            sb_input_size(runtime, &step->inputs[input], &source_width, &source_height);
            resolutions[channel * 3] = (float)source_width;
            resolutions[channel * 3 + 1] = (float)source_height;
            resolutions[channel * 3 + 2] = 1;
        }
        glUniform3fv(glGetUniformLocation(program, "iChannelResolution"), 10, resolutions);
        /* The site's default sample rate: no channel plays sound here. */
        glUniform1f(glGetUniformLocation(program, "iSampleRate"), 44100);
    } else if (step->dialect == SB_DIALECT_ISF) {
        glUniform2f(state->render_size_location, (float)width, (float)height);
    } else if (step->dialect == SB_DIALECT_GLSLVIEWER) {
        /* The pass's size, the height its prelude turns gl_FragCoord over by, and each image's own size. */
        glUniform2f(glGetUniformLocation(program, "u_resolution"), (float)width, (float)height);
        glUniform1f(glGetUniformLocation(program, "shaderbenchPassHeight"), (float)height);
        for (input = 0; input < step->input_count; input++) {
            char name[256];
            int source_width, source_height;
            sb_input_size(runtime, &step->inputs[input], &source_width, &source_height);
            snprintf(name, sizeof name, "%sResolution", step->inputs[input].sampler);
            glUniform2f(glGetUniformLocation(program, name), (float)source_width, (float)source_height);
        }
    } else if (step->dialect == SB_DIALECT_GLSLSANDBOX) {
        /* The pass's size, the height its prelude turns gl_FragCoord over by, its surface (one unit high), and
           the mouse where the site rests it, in the middle: the app has no pointer over the output to give it. */
        glUniform2f(glGetUniformLocation(program, "resolution"), (float)width, (float)height);
        glUniform1f(glGetUniformLocation(program, "shaderbenchPassHeight"), (float)height);
        glUniform2f(glGetUniformLocation(program, "shaderbenchSurfaceSize"), (float)width / (float)height, 1);
        glUniform2f(glGetUniformLocation(program, "mouse"), 0.5f, 0.5f);
    } else if (step->dialect == SB_DIALECT_BONZOMATIC) {
        glUniform2f(glGetUniformLocation(program, "v2Resolution"), (float)width, (float)height);
        glUniform1f(glGetUniformLocation(program, "shaderbenchPassHeight"), (float)height);
    }
    for (pass = 0; pass < step->isf_pass_count; pass++) {
        const sb_isf_pass_def *definition = &step->isf_passes[pass];
        state->isf_width[pass] = definition->width ? sb_pixels(definition->width(width, height)) : width;
        state->isf_height[pass] = definition->height ? sb_pixels(definition->height(width, height)) : height;
        if ((double)state->isf_width[pass] * state->isf_height[pass] > SB_MAXIMUM_PIXELS) {
            return sb_fail(runtime, SB_ERROR_ARGUMENT, "an ISF pass's WIDTH and HEIGHT make a target over 64 megapixels%s", "");
        }
        if (pass == step->isf_pass_count - 1 && definition->target < 0) {
            if ((status = sb_make_target(runtime, &state->own, state->isf_width[pass], state->isf_height[pass], step->format))) return status;
        }
    }
    for (input = 0; input < step->isf_target_count; input++) {
        const sb_isf_target_def *target = &step->isf_targets[input];
        int first = target->first_pass, format = target->is_float ? SB_RGBA16F : SB_RGBA8;
        int buffer_width = state->isf_width[first], buffer_height = state->isf_height[first];
        if ((status = sb_make_target(runtime, &state->isf_buffers[input * 2], buffer_width, buffer_height, format))) return status;
        if (target->persistent && (status = sb_make_target(runtime, &state->isf_buffers[input * 2 + 1], buffer_width, buffer_height, format))) return status;
        glUniform1i(glGetUniformLocation(program, target->name), target->unit);
    }
    return SB_OK;
}

/* Works out every size from the render size and the inputs' sizes, and makes what changed. */
static int sb_configure(sb_runtime *runtime) {
    const sb_composition *composition = runtime->composition;
    int index, status;
    runtime->render_width = composition->render_width;
    runtime->render_height = composition->render_height;
    if (composition->render_size_input >= 0) {
        runtime->render_width = runtime->inputs[composition->render_size_input].width;
        runtime->render_height = runtime->inputs[composition->render_size_input].height;
    }
    if (runtime->requested_width > 0) {
        runtime->render_width = runtime->requested_width;
        runtime->render_height = runtime->requested_height;
    }
    for (index = 0; index < composition->step_count; index++) {
        const sb_step_def *step = &composition->steps[index];
        sb_step_state *state = &runtime->steps[index];
        int width = step->width ? step->width : runtime->render_width;
        int height = step->height ? step->height : runtime->render_height;
        state->width = width;
        state->height = height;
        switch (step->kind) {
        case SB_STEP_INPUT:
            state->width = runtime->inputs[step->input].width;
            state->height = runtime->inputs[step->input].height;
            break;
        case SB_STEP_PATTERN:
            if ((status = sb_make_target(runtime, &state->own, width, height, SB_RGBA8))) return status;
            glUseProgram(runtime->programs[step->program]);
            glUniform2f(glGetUniformLocation(runtime->programs[step->program], "size"), (float)width, (float)height);
            break;
        case SB_STEP_PASS:
            if ((status = sb_configure_pass(runtime, step, state, width, height))) return status;
            break;
#ifdef SB_RUNTIME_COMPUTE
        case SB_STEP_COMPUTE:
            if ((status = sb_configure_compute(runtime, step, state))) return status;
            break;
#endif
        case SB_STEP_REDUCTION: {
            int source_width = runtime->steps[step->source].width, source_height = runtime->steps[step->source].height;
            int level = 0;
            if (step->measure == SB_HISTOGRAM) {
                if ((status = sb_make_target(runtime, &state->levels[0], 256, step->per_channel ? 4 : 1, SB_RGBA32F))) return status;
                state->level_count = 1;
                if (!state->readback && !(state->readback = (float *)malloc(sizeof(float) * 4 * 256 * 4))) {
                    return sb_fail(runtime, SB_ERROR_OUT_OF_MEMORY, "%s", "out of memory");
                }
                break;
            }
            do {
                source_width = (source_width + 3) / 4;
                source_height = (source_height + 3) / 4;
                if ((status = sb_make_target(runtime, &state->levels[level], source_width, source_height, SB_RGBA32F))) return status;
                level++;
            } while ((source_width > 1 || source_height > 1) && level < SB_MAXIMUM_LEVELS);
            state->level_count = level;
            for (; level < SB_MAXIMUM_LEVELS; level++) sb_release_target(&state->levels[level]);
            break;
        }
        default:
            break;
        }
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    runtime->configured = 1;
    return sb_check_gl(runtime, "sizing the graph's images");
}

static void sb_set_frame_uniforms(const sb_step_def *step, const sb_step_state *state, int frame, double seconds, double delta, const float date[4]) {
    glUniform1f(state->time_location, (float)seconds);
    glUniform1i(state->frame_location, frame);
    glUniform1f(state->rate_location, (float)(1 / delta));
    glUniform4f(state->mouse_location, 0, 0, 0, 0);
    if (state->channel_time_location >= 0) {
        /* The app's images have no playback time of their own: every channel is at the frame's time. */
        float times[4] = { (float)seconds, (float)seconds, (float)seconds, (float)seconds };
        glUniform1fv(state->channel_time_location, 4, times);
    }
    /* ISF has no interval before the first frame; it and glslViewer count months from 1, ShaderToy from 0. */
    glUniform1f(state->delta_location, step->dialect == SB_DIALECT_ISF && frame == 0 ? 0 : (float)delta);
    glUniform4f(state->date_location, date[0], step->dialect == SB_DIALECT_SHADERTOY ? date[1] : date[1] + 1, date[2], date[3]);
}

static void sb_write_uniforms(const sb_runtime *runtime, const sb_step_def *step, const sb_step_state *state, int wired) {
    float numbers[1024];
    int index;
    for (index = 0; index < step->uniform_count; index++) {
        const sb_uniform_def *uniform = &step->uniforms[index];
        int count;
        if ((uniform->value.slot >= 0) != wired) continue;
        count = sb_gather(runtime, &uniform->value, numbers, 1024);
        sb_set_uniform(state->uniform_locations[index], uniform->type, uniform->count, numbers, count);
    }
}

/* Lays inputs of another shape onto the pass's shape and turns over those read flipped. */
static void sb_prepare_inputs(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state) {
    int input;
    for (input = 0; input < step->input_count; input++) {
        const sb_input_def *definition = &step->inputs[input];
        const sb_step_state *source;
        const sb_target *reshaped = &state->reshaped[input];
        if (!reshaped->texture) continue;
        source = &runtime->steps[definition->source];
        sb_draw_into(reshaped);
        glUseProgram(runtime->reshape_program);
        sb_bind(definition->feedback ? &source->feedback[source->feedback_last] : source->image, 0, GL_LINEAR);
        glUniform2f(runtime->reshape_share, state->shares[input * 2], state->shares[input * 2 + 1]);
        glUniform2f(runtime->reshape_pass_size, (float)reshaped->width, (float)reshaped->height);
        glUniform1i(runtime->reshape_flipped, definition->flip);
        sb_draw_quad(runtime);
    }
}

static void sb_bind_inputs(const sb_runtime *runtime, const sb_step_def *step, const sb_step_state *state) {
    int input;
    for (input = 0; input < step->input_count; input++) {
        const sb_input_def *definition = &step->inputs[input];
        const sb_step_state *source = &runtime->steps[definition->source];
        const sb_target *image = state->reshaped[input].texture ? &state->reshaped[input]
            : definition->feedback ? &source->feedback[source->feedback_last] : source->image;
        if (image) sb_bind_wrapped(image, definition->unit, state->filters[input], definition->wrap);
    }
}

/* An ISF node's PASSES, each into its target (or the node's image), with PASSINDEX set. */
static void sb_run_isf_passes(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state) {
    GLuint program = runtime->programs[step->program];
    int pass, target;
    for (pass = 0; pass < step->isf_pass_count; pass++) {
        const sb_isf_pass_def *definition = &step->isf_passes[pass];
        const sb_target *draw;
        int last = pass == step->isf_pass_count - 1;
        if (definition->target < 0 && !last) continue; /* nothing can read what it would draw */
        for (target = 0; target < step->isf_target_count; target++) {
            sb_bind(&state->isf_buffers[target * 2 + state->isf_latest[target]], step->isf_targets[target].unit, GL_LINEAR);
        }
        if (definition->target >= 0) {
            int persistent = step->isf_targets[definition->target].persistent;
            draw = &state->isf_buffers[definition->target * 2 + (persistent ? 1 - state->isf_latest[definition->target] : 0)];
        } else {
            draw = &state->own;
        }
        sb_draw_into(draw);
        glUseProgram(program);
        glUniform1i(state->pass_index_location, pass);
        glUniform2f(state->render_size_location, (float)state->isf_width[pass], (float)state->isf_height[pass]);
        sb_draw_quad(runtime);
        if (definition->target >= 0 && step->isf_targets[definition->target].persistent) {
            state->isf_latest[definition->target] = 1 - state->isf_latest[definition->target];
        }
        if (last) state->image = draw;
    }
}

static void sb_date(const sb_runtime *runtime, double seconds, float date[4]) {
    time_t moment = runtime->created + (time_t)seconds;
    struct tm *parts = localtime(&moment);
    double fraction = seconds - floor(seconds);
    date[0] = date[1] = date[2] = date[3] = 0;
    if (!parts) return;
    date[0] = (float)(parts->tm_year + 1900);
    date[1] = (float)parts->tm_mon;
    date[2] = (float)parts->tm_mday;
    date[3] = (float)(parts->tm_hour * 3600 + parts->tm_min * 60 + parts->tm_sec + fraction);
}

static int sb_render(sb_runtime *runtime, double seconds, int frame) {
    const sb_composition *composition = runtime->composition;
    double delta;
    float date[4];
    int index, status;
    for (index = 0; index < composition->input_count; index++) {
        if (!runtime->inputs[index].texture) {
            return sb_fail(runtime, SB_ERROR_MISSING_INPUT, "input '%s' has no texture; set it before rendering", composition->input_names[index]);
        }
    }
#ifdef SB_RUNTIME_COMPUTE
    /* A compute step's size or work groups read a uniform the app has set since. */
    if (runtime->configured && sb_compute_shape_changed(runtime)) runtime->configured = 0;
#endif
    if (!runtime->configured && (status = sb_configure(runtime))) return status;
    if (runtime->has_previous && seconds > runtime->previous_seconds) delta = seconds - runtime->previous_seconds;
    else delta = frame > 0 ? seconds / frame : 1.0 / 60;
    runtime->previous_seconds = seconds;
    runtime->has_previous = 1;
    sb_date(runtime, seconds, date);
    /* What each pass drew last frame becomes its last frame now, for the whole frame: a pass reading it sees
       the same image whether it draws before that pass or after it. One fetching its target draws in place. */
    for (index = 0; index < composition->step_count; index++) {
        const sb_step_def *step = &composition->steps[index];
        if (step->kind == SB_STEP_PASS && step->feedback && !(step->reads_previous_contents && runtime->fetches[step->program])) {
            runtime->steps[index].feedback_last = 1 - runtime->steps[index].feedback_last;
        }
    }
    for (index = 0; index < composition->step_count; index++) {
        const sb_step_def *step = &composition->steps[index];
        sb_step_state *state = &runtime->steps[index];
        switch (step->kind) {
        case SB_STEP_INPUT:
            state->image = &runtime->inputs[step->input];
            break;
        case SB_STEP_PATTERN:
            sb_draw_into(&state->own);
            glUseProgram(runtime->programs[step->program]);
            glUniform1f(state->time_location, (float)seconds);
            sb_draw_quad(runtime);
            state->image = &state->own;
            break;
        case SB_STEP_PASS:
            sb_prepare_inputs(runtime, step, state);
            if (step->isf_pass_count) {
                glUseProgram(runtime->programs[step->program]);
                sb_bind_inputs(runtime, step, state);
                sb_write_uniforms(runtime, step, state, 1);
                sb_set_frame_uniforms(step, state, frame, seconds, delta, date);
                sb_run_isf_passes(runtime, step, state);
                break;
            }
            {
                /* Fetching its target, a pass draws over its last frame in place. */
                int in_place = step->reads_previous_contents && runtime->fetches[step->program];
                sb_target *target = step->feedback ? &state->feedback[in_place ? state->feedback_last : 1 - state->feedback_last] : &state->own;
                sb_draw_into(target);
                glUseProgram(runtime->programs[step->program]);
                sb_bind_inputs(runtime, step, state);
                if (step->reads_previous_contents && !in_place) {
                    sb_bind(&state->feedback[state->feedback_last], step->previous_contents_unit, GL_NEAREST);
                }
                sb_write_uniforms(runtime, step, state, 1);
                if (step->dialect != SB_DIALECT_GLSL) sb_set_frame_uniforms(step, state, frame, seconds, delta, date);
                sb_draw_quad(runtime);
                state->image = target;
            }
            break;
        case SB_STEP_TIME:
            state->value[0] = (float)seconds;
            state->value_count = 1;
            break;
        case SB_STEP_LFO:
            state->value[0] = sb_lfo(step, seconds);
            state->value_count = 1;
            break;
        case SB_STEP_CURVE:
            sb_curve_value(step, seconds, state->value);
            state->value_count = step->value_count;
            break;
        case SB_STEP_OPERATION:
            sb_evaluate(runtime, step, state);
            break;
        case SB_STEP_REDUCTION: {
            const sb_step_state *source = &runtime->steps[step->source];
            if (source->image) sb_reduce(runtime, step, state, source->image, source->width, source->height);
            break;
        }
#ifdef SB_RUNTIME_COMPUTE
        case SB_STEP_COMPUTE:
            sb_run_compute(runtime, step, state, frame, seconds, delta);
            break;
        case SB_STEP_BUFFER_VALUE:
            sb_read_buffer(runtime, step, state);
            break;
#endif
        case SB_STEP_PARAMETER:
            /* Until the app sets it, a parameter follows what the composition wires into it. */
            if (!state->is_set && step->follows.present) state->value_count = sb_gather(runtime, &step->follows, state->value, state->value_capacity);
            break;
        default:
            break;
        }
    }
    return sb_check_gl(runtime, "rendering a frame");
}

SB_RUNTIME_API void sb_destroy(sb_runtime *runtime) {
    const sb_composition *composition;
    int index, target;
    if (!runtime) return;
    composition = runtime->composition;
    /* A program still in use would outlive its deletion. */
#ifdef SB_RUNTIME_COMPUTE
    sb_let_go_of_programs(runtime);
#endif
    glUseProgram(0);
    glBindVertexArray(0);
    for (index = 0; runtime->steps && index < composition->step_count; index++) {
        const sb_step_def *step = &composition->steps[index];
        sb_step_state *state = &runtime->steps[index];
#ifdef SB_RUNTIME_COMPUTE
        if (step->kind == SB_STEP_COMPUTE) sb_release_compute(step, state);
#endif
        sb_release_target(&state->own);
        sb_release_target(&state->feedback[0]);
        sb_release_target(&state->feedback[1]);
        for (target = 0; target < SB_MAXIMUM_LEVELS; target++) sb_release_target(&state->levels[target]);
        if (state->reshaped) for (target = 0; target < step->input_count; target++) sb_release_target(&state->reshaped[target]);
        if (state->isf_buffers) for (target = 0; target < step->isf_target_count * 2; target++) sb_release_target(&state->isf_buffers[target]);
        free(state->reshaped);
        free(state->shares);
        free(state->filters);
        free(state->uniform_locations);
        free(state->isf_buffers);
        free(state->isf_latest);
        free(state->isf_width);
        free(state->isf_height);
        free(state->value);
        free(state->readback);
    }
    for (index = 0; runtime->programs && index < composition->program_count; index++) {
        if (runtime->programs[index]) glDeleteProgram(runtime->programs[index]);
    }
    for (index = 0; index < SB_SHRINK_PROGRAM_COUNT; index++) if (runtime->shrink_programs[index]) glDeleteProgram(runtime->shrink_programs[index]);
    if (runtime->reshape_program) glDeleteProgram(runtime->reshape_program);
    if (runtime->copy_program) glDeleteProgram(runtime->copy_program);
    if (runtime->histogram_program) glDeleteProgram(runtime->histogram_program);
    if (runtime->quad_buffer) glDeleteBuffers(1, &runtime->quad_buffer);
    if (runtime->coordinate_buffer) glDeleteBuffers(1, &runtime->coordinate_buffer);
    if (runtime->vertex_array) glDeleteVertexArrays(1, &runtime->vertex_array);
    if (runtime->empty_vertex_array) glDeleteVertexArrays(1, &runtime->empty_vertex_array);
    if (runtime->output_framebuffer) glDeleteFramebuffers(1, &runtime->output_framebuffer);
    if (runtime->read_framebuffer) glDeleteFramebuffers(1, &runtime->read_framebuffer);
    for (index = 0; index < 4; index++) if (runtime->one_channel_programs[index]) glDeleteProgram(runtime->one_channel_programs[index]);
    free(runtime->programs);
    free(runtime->fetches);
    free(runtime->steps);
    free(runtime->inputs);
    free(runtime);
}

static GLuint sb_link_built_in(sb_runtime *runtime, const sb_text *fragment, const sb_text *vertex, const char *what) {
    GLuint program = sb_link(runtime, vertex ? vertex : &runtime->composition->shaders->fullscreen_vertex, fragment, what);
    if (program) {
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, "source"), 0);
    }
    return program;
}

SB_RUNTIME_API int sb_create(sb_runtime **result, const sb_composition *composition, char *message, size_t message_capacity) {
    static const GLfloat corners[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    static const GLfloat coordinates[] = {0, 0, 1, 0, 0, 1, 1, 1};
    const sb_built_in_shaders *shaders = composition->shaders;
    sb_runtime *runtime;
    int index, fetch, status = SB_OK;
    *result = NULL;
    /* Without a current context every GL call does nothing, and shaders would fail with an empty log. */
    if (!glGetString(GL_VERSION)) {
        if (message && message_capacity) {
            snprintf(message, message_capacity, "no OpenGL ES context is current on this thread: make the app's GLES 3 context current before creating the graph");
        }
        return SB_ERROR_GL;
    }
    runtime = (sb_runtime *)calloc(1, sizeof *runtime);
    if (runtime) {
        runtime->composition = composition;
        runtime->programs = (GLuint *)sb_allocate(composition->program_count, sizeof *runtime->programs);
        runtime->fetches = (int *)sb_allocate(composition->program_count, sizeof *runtime->fetches);
        runtime->steps = (sb_step_state *)sb_allocate(composition->step_count, sizeof *runtime->steps);
        runtime->inputs = (sb_target *)sb_allocate(composition->input_count, sizeof *runtime->inputs);
    }
    if (!runtime || !runtime->programs || !runtime->fetches || !runtime->steps || !runtime->inputs) {
        sb_destroy(runtime);
        if (message && message_capacity) snprintf(message, message_capacity, "out of memory");
        return SB_ERROR_OUT_OF_MEMORY;
    }
    runtime->created = time(NULL);
    while (glGetError() != GL_NO_ERROR) {}
    fetch = sb_framebuffer_fetch();
    status = sb_check_compute_version(runtime);
    for (index = 0; index < composition->program_count && status == SB_OK; index++) {
        const sb_program_def *program = &composition->programs[index];
#ifdef SB_RUNTIME_COMPUTE
        if (program->compute.count > 0) {
            if (!(runtime->programs[index] = sb_link_compute(runtime, &program->compute, program->what))) status = SB_ERROR_COMPILE;
            continue;
        }
#endif
        runtime->fetches[index] = fetch && program->fetch_fragment.count > 0;
        runtime->programs[index] = sb_link(runtime, &program->vertex, runtime->fetches[index] ? &program->fetch_fragment : &program->fragment,
                                           program->what);
        if (!runtime->programs[index]) status = SB_ERROR_COMPILE;
    }
    if (status == SB_OK && composition->uses_reshape
        && !(runtime->reshape_program = sb_link_built_in(runtime, &shaders->reshape_fragment, NULL, "an input's mapping"))) status = SB_ERROR_COMPILE;
    if (status == SB_OK && !(runtime->copy_program = sb_link(runtime, &shaders->copy_vertex, &shaders->copy_fragment, "the output copy"))) status = SB_ERROR_COMPILE;
    if (status == SB_OK) {
        glUseProgram(runtime->copy_program);
        glUniform1i(glGetUniformLocation(runtime->copy_program, "image"), 0);
    }
    for (index = 0; index < SB_SHRINK_PROGRAM_COUNT && status == SB_OK; index++) {
        if (!composition->uses_measure[index / 2]) continue;
        if (!(runtime->shrink_programs[index] = sb_link_built_in(runtime, &shaders->shrink_fragments[index], NULL, "a reduction"))) status = SB_ERROR_COMPILE;
    }
#ifdef SB_RUNTIME_COMPUTE
    if (status == SB_OK) status = sb_link_one_channel_copies(runtime);
#endif
    if (status == SB_OK && composition->uses_measure[SB_HISTOGRAM]
        && !(runtime->histogram_program = sb_link_built_in(runtime, &shaders->histogram_fragment, &shaders->histogram_vertex, "a histogram"))) status = SB_ERROR_COMPILE;
    if (status == SB_OK) {
        /* Uniform locations of the built-in programs, looked up once (-1 for a program not made). */
        runtime->reshape_share = runtime->reshape_program ? glGetUniformLocation(runtime->reshape_program, "share") : -1;
        runtime->reshape_pass_size = runtime->reshape_program ? glGetUniformLocation(runtime->reshape_program, "passSize") : -1;
        runtime->reshape_flipped = runtime->reshape_program ? glGetUniformLocation(runtime->reshape_program, "flipped") : -1;
        runtime->histogram_width = runtime->histogram_program ? glGetUniformLocation(runtime->histogram_program, "width") : -1;
        runtime->histogram_rows = runtime->histogram_program ? glGetUniformLocation(runtime->histogram_program, "rows") : -1;
        runtime->copy_exact = glGetUniformLocation(runtime->copy_program, "exact");
        for (index = 0; index < SB_SHRINK_PROGRAM_COUNT; index++) {
            GLuint program = runtime->shrink_programs[index];
            runtime->shrink_source_size[index] = program ? glGetUniformLocation(program, "sourceSize") : -1;
            runtime->shrink_span[index] = program ? glGetUniformLocation(program, "span") : -1;
            runtime->shrink_original_size[index] = program ? glGetUniformLocation(program, "originalSize") : -1;
        }
        glGenVertexArrays(1, &runtime->vertex_array);
        glGenVertexArrays(1, &runtime->empty_vertex_array);
        glGenBuffers(1, &runtime->quad_buffer);
        glGenBuffers(1, &runtime->coordinate_buffer);
        glGenFramebuffers(1, &runtime->output_framebuffer);
        glBindVertexArray(runtime->vertex_array);
        glBindBuffer(GL_ARRAY_BUFFER, runtime->quad_buffer);
        glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
        glBindBuffer(GL_ARRAY_BUFFER, runtime->coordinate_buffer);
        glBufferData(GL_ARRAY_BUFFER, sizeof coordinates, coordinates, GL_STATIC_DRAW);
        for (index = 1; index <= 5; index++) {
            glEnableVertexAttribArray((GLuint)index);
            glVertexAttribPointer((GLuint)index, 2, GL_FLOAT, GL_FALSE, 0, NULL);
        }
        glBindVertexArray(0);
    }
    for (index = 0; index < composition->step_count && status == SB_OK; index++) {
        const sb_step_def *step = &composition->steps[index];
        sb_step_state *state = &runtime->steps[index];
        int uniform;
        state->reshaped = (sb_target *)sb_allocate(step->input_count, sizeof *state->reshaped);
        state->shares = (float *)sb_allocate(step->input_count * 2, sizeof *state->shares);
        state->filters = (GLint *)sb_allocate(step->input_count, sizeof *state->filters);
        state->uniform_locations = (GLint *)sb_allocate(step->uniform_count, sizeof *state->uniform_locations);
        state->isf_buffers = (sb_target *)sb_allocate(step->isf_target_count * 2, sizeof *state->isf_buffers);
        state->isf_latest = (int *)sb_allocate(step->isf_target_count, sizeof *state->isf_latest);
        state->isf_width = (int *)sb_allocate(step->isf_pass_count, sizeof *state->isf_width);
        state->isf_height = (int *)sb_allocate(step->isf_pass_count, sizeof *state->isf_height);
        state->value_capacity = step->value_capacity > 0 ? step->value_capacity : 1;
        state->value = (float *)sb_allocate(state->value_capacity, sizeof *state->value);
        if (!state->reshaped || !state->shares || !state->filters || !state->uniform_locations || !state->isf_buffers
            || !state->isf_latest || !state->isf_width || !state->isf_height || !state->value) {
            status = sb_fail(runtime, SB_ERROR_OUT_OF_MEMORY, "%s", "out of memory");
            break;
        }
        /* A parameter that follows a wire has no first numbers: no values to copy, not even from NULL. */
        if ((step->kind == SB_STEP_CONSTANT || step->kind == SB_STEP_HELD || step->kind == SB_STEP_PARAMETER) && step->value_count > 0) {
            memcpy(state->value, step->values, sizeof(float) * (size_t)step->value_count);
            state->value_count = step->value_count;
        }
        if (step->kind == SB_STEP_PATTERN) state->time_location = glGetUniformLocation(runtime->programs[step->program], "time");
#ifdef SB_RUNTIME_COMPUTE
        if (step->kind == SB_STEP_COMPUTE && (status = sb_create_compute(runtime, step, state))) break;
#endif
        if (step->kind != SB_STEP_PASS) continue;
        {
            GLuint program = runtime->programs[step->program];
            glUseProgram(program);
            for (uniform = 0; uniform < step->uniform_count; uniform++) {
                state->uniform_locations[uniform] = glGetUniformLocation(program, step->uniforms[uniform].name);
            }
            {
                /* Each dialect's names for the clock and the date; glslViewer's u_mouse stays at the corner, as
                   in a render without --mouse: the app has no pointer over the output to give it. GLSL Sandbox
                   has only the time, Bonzomatic the time and the frame's duration. */
                int isf = step->dialect == SB_DIALECT_ISF, viewer = step->dialect == SB_DIALECT_GLSLVIEWER;
                int sandbox = step->dialect == SB_DIALECT_GLSLSANDBOX, toy = step->dialect == SB_DIALECT_SHADERTOY;
                int bonzomatic = step->dialect == SB_DIALECT_BONZOMATIC;
                state->time_location = glGetUniformLocation(program, isf ? "TIME" : viewer ? "u_time" : sandbox ? "time" : bonzomatic ? "fGlobalTime" : "iTime");
                state->frame_location = sandbox || bonzomatic ? -1 : glGetUniformLocation(program, isf ? "FRAMEINDEX" : viewer ? "u_frame" : "iFrame");
                state->delta_location = sandbox ? -1 : glGetUniformLocation(program, isf ? "TIMEDELTA" : viewer ? "u_delta" : bonzomatic ? "fFrameTime" : "iTimeDelta");
                state->rate_location = toy ? glGetUniformLocation(program, "iFrameRate") : -1;
                state->mouse_location = toy ? glGetUniformLocation(program, "iMouse") : -1;
                state->date_location = sandbox || bonzomatic ? -1 : glGetUniformLocation(program, isf ? "DATE" : viewer ? "u_date" : "iDate");
                state->channel_time_location = toy ? glGetUniformLocation(program, "iChannelTime") : -1;
            }
            state->pass_index_location = glGetUniformLocation(program, "PASSINDEX");
            state->render_size_location = glGetUniformLocation(program, "RENDERSIZE");
            sb_write_uniforms(runtime, step, state, 0);
        }
    }
    if (status == SB_OK) status = sb_check_gl(runtime, "creating the graph");
    if (status != SB_OK) {
        if (message && message_capacity) snprintf(message, message_capacity, "%s", runtime->error);
        sb_destroy(runtime);
        return status;
    }
    *result = runtime;
    return SB_OK;
}

/* Draws the output over all of `framebuffer`: texel for texel at the render size, filtered otherwise. */
static int sb_present(sb_runtime *runtime, GLuint framebuffer, int width, int height) {
    const sb_target *output = runtime->steps[runtime->composition->output_step].image;
    int exact;
    if (!output) return sb_fail(runtime, SB_ERROR_GL, "%s", "the output produced no image");
    exact = output->width == width && output->height == height;
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(0, 0, width, height);
    glUseProgram(runtime->copy_program);
    glUniform1i(runtime->copy_exact, exact);
    sb_bind(output, 0, exact ? GL_NEAREST : GL_LINEAR);
    sb_draw_quad(runtime);
    glBindVertexArray(0);
    return sb_check_gl(runtime, "drawing the output");
}

SB_RUNTIME_API int sb_render_to_texture(sb_runtime *runtime, double seconds, int frame, GLuint texture, int width, int height) {
    int status;
    if (width <= 0 || height <= 0 || !texture) return sb_fail(runtime, SB_ERROR_ARGUMENT, "%s", "the output texture and its size must be given");
    if ((status = sb_render(runtime, seconds, frame))) return status;
    glBindFramebuffer(GL_FRAMEBUFFER, runtime->output_framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return sb_fail(runtime, SB_ERROR_ARGUMENT, "%s", "the output texture cannot be drawn into (it must be a colour-renderable 2D texture)");
    }
    status = sb_present(runtime, runtime->output_framebuffer, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, runtime->output_framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return status;
}

SB_RUNTIME_API int sb_render_to_framebuffer(sb_runtime *runtime, double seconds, int frame, GLuint framebuffer, int width, int height) {
    int status;
    if (width <= 0 || height <= 0) return sb_fail(runtime, SB_ERROR_ARGUMENT, "%s", "the framebuffer's size must be given");
    if ((status = sb_render(runtime, seconds, frame))) return status;
    return sb_present(runtime, framebuffer, width, height);
}

SB_RUNTIME_API int sb_set_input(sb_runtime *runtime, int input, GLuint texture, int width, int height) {
    sb_target *target = &runtime->inputs[input];
    if (!texture || width <= 0 || height <= 0 || width > SB_MAXIMUM_SIDE || height > SB_MAXIMUM_SIDE) {
        return sb_fail(runtime, SB_ERROR_ARGUMENT, "input '%s' needs a texture and a size from 1 to 16384", runtime->composition->input_names[input]);
    }
    if (target->width != width || target->height != height) runtime->configured = 0;
    /* Sampled as the workbench samples its own images: edges clamp, never wrap. */
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    target->texture = texture;
    target->width = width;
    target->height = height;
    return SB_OK;
}

SB_RUNTIME_API int sb_resize(sb_runtime *runtime, int width, int height) {
    if (width < 0 || height < 0 || width > SB_MAXIMUM_SIDE || height > SB_MAXIMUM_SIDE || (width == 0) != (height == 0)) {
        return sb_fail(runtime, SB_ERROR_ARGUMENT, "%s", "a render size is from 1 to 16384 on each side, or 0 x 0 for the composition's own");
    }
    runtime->requested_width = width;
    runtime->requested_height = height;
    runtime->configured = 0;
    return SB_OK;
}

SB_RUNTIME_API void sb_set_value(sb_runtime *runtime, int step, const float *values, int count) {
    const sb_step_def *definition = &runtime->composition->steps[step];
    sb_step_state *state = &runtime->steps[step];
    int index;
    /* NaN and the infinities would poison every pixel that reads the value: the step keeps what it had. */
    for (index = 0; index < count && index < state->value_capacity; index++) {
        if (!isfinite(values[index])) return;
    }
    for (index = 0; index < count && index < state->value_capacity; index++) {
        float value = values[index];
        if (definition->minimum && value < definition->minimum[index]) value = definition->minimum[index];
        if (definition->maximum && value > definition->maximum[index]) value = definition->maximum[index];
        state->value[index] = value;
    }
    state->value_count = count < state->value_capacity ? count : state->value_capacity;
    state->is_set = 1;
}

SB_RUNTIME_API int sb_value(const sb_runtime *runtime, const char *node, float *values, int capacity) {
    const sb_composition *composition = runtime->composition;
    int index, component;
    for (index = 0; node && index < composition->value_count; index++) {
        const sb_step_state *state;
        if (strcmp(composition->values[index].node, node) != 0) continue;
        state = &runtime->steps[composition->values[index].step];
        for (component = 0; component < state->value_count && component < capacity && values; component++) values[component] = state->value[component];
        return state->value_count;
    }
    return -1;
}

SB_RUNTIME_API const char *sb_last_error(const sb_runtime *runtime) {
    return runtime->error;
}

SB_RUNTIME_API void sb_render_size(const sb_runtime *runtime, int *width, int *height) {
    if (width) *width = runtime->configured ? runtime->render_width : 0;
    if (height) *height = runtime->configured ? runtime->render_height : 0;
}

/* Compute steps and the values read out of their buffers, as the workbench's ComputeStep and BufferValueStep run
   them; part of sb_runtime.c, which includes it. They need GLES 3.1, which an export with compute nodes defines
   SB_RUNTIME_COMPUTE for; without it a composition with compute steps is refused at creation. */

#ifdef SB_RUNTIME_COMPUTE

#define SB_ONE_CHANNEL_GROUP 8 /* the one-channel copies' work group side */

typedef struct sb_compute_state {
    GLint *uniform_locations;  /* per kernel, per uniform of the step */
    GLint (*frame_locations)[4]; /* per kernel: iTime, iTimeDelta, iFrame, iResolution */
    int (*groups)[3];          /* per kernel, as configured */
    GLuint *buffers;           /* per buffer */
    const unsigned char *zeros; /* what a buffer without initial bytes starts again from each frame */
    sb_target *targets;        /* per target: the image others read */
    sb_target *stored;         /* per target: the one-channel image its kernels store into (no texture: none) */
    sb_target *input_copies;   /* per input: the image a readonly image input is loaded from (no texture: a sampler) */
    double *measures;          /* what the size and dispatch functions read */
    float *shaped_by;          /* the measured uniforms' numbers the step was configured with */
} sb_compute_state;

static GLenum sb_internal_format(int format) {
    switch (format) {
    case SB_RGBA16F: return GL_RGBA16F;
    case SB_RGBA32F: return GL_RGBA32F;
    case SB_R32F: return GL_R32F;
    case SB_R32UI: return GL_R32UI;
    default: return GL_RGBA8;
    }
}

/* The version before anything is linked: a 3.10 kernel on a 3.0 context fails with a compiler's log, not this. */
static int sb_check_compute_version(sb_runtime *runtime) {
    const sb_composition *composition = runtime->composition;
    GLint major = 0, minor = 0;
    int index;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    if (major > 3 || (major == 3 && minor >= 1)) return SB_OK;
    for (index = 0; index < composition->step_count; index++) {
        const sb_step_def *step = &composition->steps[index];
        if (step->kind != SB_STEP_COMPUTE) continue;
        snprintf(runtime->error, sizeof runtime->error,
                 "%s: this GL context is OpenGL ES %d.%d; compute kernels need OpenGL ES 3.1 or later (create the context with version 3.1)",
                 step->compute->what, (int)major, (int)minor);
        return SB_ERROR_GL;
    }
    return SB_OK;
}

static GLuint sb_link_compute(sb_runtime *runtime, const sb_text *text, const char *what) {
    GLuint shader = sb_compile(runtime, GL_COMPUTE_SHADER, text, what), program;
    if (!shader) return 0;
    program = glCreateProgram();
    glAttachShader(program, shader);
    glLinkProgram(program);
    glDeleteShader(shader);
    return sb_linked(runtime, program, what, "kernel");
}

/* The copies between one-channel images and colour ones the composition uses: [0] r32f out of the kernels, [1]
   r32f in, [2] and [3] r32ui's. One that copies in samples the colour image on unit 0. */
static int sb_link_one_channel_copies(sb_runtime *runtime) {
    const sb_built_in_shaders *shaders = runtime->composition->shaders;
    int index;
    for (index = 0; index < 4; index++) {
        if (shaders->one_channel_copies[index].count == 0) continue;
        runtime->one_channel_programs[index] = sb_link_compute(runtime, &shaders->one_channel_copies[index], "a one-channel image copy");
        if (!runtime->one_channel_programs[index]) return SB_ERROR_COMPILE;
        if (index % 2 == 1) {
            glUseProgram(runtime->one_channel_programs[index]);
            glUniform1i(glGetUniformLocation(runtime->one_channel_programs[index], "colour"), 0);
        }
    }
    glGenFramebuffers(1, &runtime->read_framebuffer);
    return SB_OK;
}

/* A compute step's buffers, uniform locations, sampler units and literal uniforms; its images wait for its size. */
static int sb_create_compute(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state) {
    const sb_compute_def *compute = step->compute;
    sb_compute_state *own;
    float numbers[1024];
    GLint largest = 0;
    int kernel, uniform, index, zero_bytes = 0;
    own = state->compute = (sb_compute_state *)calloc(1, sizeof *own);
    if (!own) return sb_fail(runtime, SB_ERROR_OUT_OF_MEMORY, "%s", "out of memory");
    own->uniform_locations = (GLint *)sb_allocate(compute->kernel_count * step->uniform_count, sizeof *own->uniform_locations);
    own->frame_locations = (GLint (*)[4])sb_allocate(compute->kernel_count, sizeof *own->frame_locations);
    own->groups = (int (*)[3])sb_allocate(compute->kernel_count, sizeof *own->groups);
    own->buffers = (GLuint *)sb_allocate(compute->buffer_count, sizeof *own->buffers);
    own->targets = (sb_target *)sb_allocate(compute->target_count, sizeof *own->targets);
    own->stored = (sb_target *)sb_allocate(compute->target_count, sizeof *own->stored);
    own->input_copies = (sb_target *)sb_allocate(compute->input_count, sizeof *own->input_copies);
    own->measures = (double *)sb_allocate(2 + 2 * compute->input_count + compute->measured_count, sizeof *own->measures);
    own->shaped_by = (float *)sb_allocate(compute->measured_count, sizeof *own->shaped_by);
    for (index = 0; index < compute->buffer_count; index++) {
        if (!compute->buffers[index].initial && compute->buffers[index].byte_count > zero_bytes) zero_bytes = compute->buffers[index].byte_count;
    }
    own->zeros = (const unsigned char *)sb_allocate(zero_bytes, 1);
    if (!own->uniform_locations || !own->frame_locations || !own->groups || !own->buffers || !own->targets || !own->stored
        || !own->input_copies || !own->measures || !own->shaped_by || !own->zeros) {
        return sb_fail(runtime, SB_ERROR_OUT_OF_MEMORY, "%s", "out of memory");
    }
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &largest);
    for (index = 0; index < compute->buffer_count; index++) {
        const sb_buffer_def *buffer = &compute->buffers[index];
        if (buffer->byte_count > largest) {
            snprintf(runtime->error, sizeof runtime->error, "%s: a buffer is %d bytes; this device's largest is %d (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)",
                     compute->what, buffer->byte_count, (int)largest);
            return SB_ERROR_GL;
        }
        glGenBuffers(1, &own->buffers[index]);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, own->buffers[index]);
        glBufferData(GL_SHADER_STORAGE_BUFFER, buffer->byte_count, buffer->initial ? buffer->initial : own->zeros, GL_DYNAMIC_COPY);
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    for (kernel = 0; kernel < compute->kernel_count; kernel++) {
        GLuint program = runtime->programs[compute->kernels[kernel].program];
        GLint *locations = own->uniform_locations + kernel * step->uniform_count;
        glUseProgram(program);
        for (index = 0; index < compute->input_count; index++) {
            const sb_compute_input_def *input = &compute->inputs[index];
            if (input->image_unit < 0) glUniform1i(glGetUniformLocation(program, input->name), input->unit);
        }
        for (uniform = 0; uniform < step->uniform_count; uniform++) {
            const sb_uniform_def *definition = &step->uniforms[uniform];
            locations[uniform] = glGetUniformLocation(program, definition->name);
            if (definition->value.slot < 0) {
                sb_set_uniform(locations[uniform], definition->type, definition->count, numbers, sb_gather(runtime, &definition->value, numbers, 1024));
            }
        }
        own->frame_locations[kernel][0] = glGetUniformLocation(program, "iTime");
        own->frame_locations[kernel][1] = glGetUniformLocation(program, "iTimeDelta");
        own->frame_locations[kernel][2] = glGetUniformLocation(program, "iFrame");
        own->frame_locations[kernel][3] = glGetUniformLocation(program, "iResolution");
    }
    return sb_check_gl(runtime, "creating a compute node's buffers");
}

/* The measures a size or dispatch function reads, [0] and [1] being width and height. */
static const double *sb_compute_measures(const sb_runtime *runtime, const sb_compute_def *compute, sb_compute_state *own, int width, int height) {
    int index;
    float number;
    own->measures[0] = width;
    own->measures[1] = height;
    for (index = 0; index < compute->input_count; index++) {
        const sb_step_state *source = &runtime->steps[compute->inputs[index].source];
        own->measures[2 + 2 * index] = source->width;
        own->measures[3 + 2 * index] = source->height;
    }
    for (index = 0; index < compute->measured_count; index++) {
        own->measures[2 + 2 * compute->input_count + index] = sb_gather(runtime, &compute->measured[index], &number, 1) ? number : 0;
    }
    return own->measures;
}

/* An image a kernel can store into: fixed storage, as GLES 3.1 binds only such; a colour one drawable, every one
   zeros. Kept while its shape stays. */
static int sb_make_storage_target(sb_runtime *runtime, sb_target *target, int width, int height, int format) {
    if (target->texture && target->width == width && target->height == height && target->format == format) return SB_OK;
    sb_release_target(target);
    glGenTextures(1, &target->texture);
    glBindTexture(GL_TEXTURE_2D, target->texture);
    glTexStorage2D(GL_TEXTURE_2D, 1, sb_internal_format(format), width, height);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    target->width = width;
    target->height = height;
    target->format = format;
    if (format == SB_R32F || format == SB_R32UI) {
        void *zeros = calloc((size_t)width * (size_t)height, 4);
        if (!zeros) return sb_fail(runtime, SB_ERROR_OUT_OF_MEMORY, "%s", "out of memory");
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, format == SB_R32UI ? GL_RED_INTEGER : GL_RED,
                        format == SB_R32UI ? GL_UNSIGNED_INT : GL_FLOAT, zeros);
        free(zeros);
        return sb_check_gl(runtime, "making a one-channel image");
    }
    glGenFramebuffers(1, &target->framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target->texture, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        sb_release_target(target);
        return sb_fail(runtime, SB_ERROR_GL, "a compute node's image is not supported by this GL (%s)", format == SB_RGBA8 ? "RGBA8" : "floating point");
    }
    glViewport(0, 0, width, height);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    return sb_check_gl(runtime, "making a compute node's image");
}

/* The step's size, its images and each kernel's work groups, refused where the device cannot run them. Sized
   again, it starts again, as the workbench binds a node again: its images zeros, its buffers as they start. */
static int sb_configure_compute(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state) {
    const sb_compute_def *compute = step->compute;
    sb_compute_state *own = state->compute;
    static const char axes[] = "xyz";
    const double *measures;
    int index, kernel, axis, status;
    for (index = 0; index < compute->target_count; index++) {
        sb_release_target(&own->targets[index]);
        sb_release_target(&own->stored[index]);
    }
    for (index = 0; index < compute->buffer_count; index++) {
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, own->buffers[index]);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, compute->buffers[index].byte_count,
                        compute->buffers[index].initial ? compute->buffers[index].initial : own->zeros);
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (compute->size_step >= 0) {
        state->width = runtime->steps[compute->size_step].width;
        state->height = runtime->steps[compute->size_step].height;
    } else if (compute->width) {
        measures = sb_compute_measures(runtime, compute, own, runtime->render_width, runtime->render_height);
        state->width = sb_pixels(compute->width(measures));
        state->height = sb_pixels(compute->height(measures));
    }
    for (index = 0; index < compute->measured_count; index++) {
        if (!sb_gather(runtime, &compute->measured[index], &own->shaped_by[index], 1)) own->shaped_by[index] = 0;
    }
    if ((double)state->width * state->height > SB_MAXIMUM_PIXELS) {
        snprintf(runtime->error, sizeof runtime->error, "%s: the image is %d x %d, over the 64 megapixels one image may have", compute->what, state->width, state->height);
        return SB_ERROR_ARGUMENT;
    }
    for (index = 0; index < compute->target_count; index++) {
        const sb_compute_target_def *target = &compute->targets[index];
        if ((status = sb_make_storage_target(runtime, &own->targets[index], state->width, state->height, target->format))) return status;
        if (target->stored >= 0 && (status = sb_make_storage_target(runtime, &own->stored[index], state->width, state->height, target->stored))) return status;
    }
    for (index = 0; index < compute->input_count; index++) {
        const sb_compute_input_def *input = &compute->inputs[index];
        const sb_step_state *source = &runtime->steps[input->source];
        if (input->image_unit < 0) continue;
        if ((status = sb_make_storage_target(runtime, &own->input_copies[index], source->width, source->height, input->format))) return status;
    }
    measures = sb_compute_measures(runtime, compute, own, state->width, state->height);
    for (kernel = 0; kernel < compute->kernel_count; kernel++) {
        const sb_kernel_def *definition = &compute->kernels[kernel];
        for (axis = 0; axis < 3; axis++) {
            GLint most = 0;
            double groups;
            if (!definition->groups[axis]) {
                groups = axis == 0 ? (state->width + definition->local_width - 1) / definition->local_width
                    : axis == 1 ? (state->height + definition->local_height - 1) / definition->local_height : 1;
            } else {
                groups = definition->groups[axis](measures);
            }
            glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, (GLuint)axis, &most);
            if (groups != groups || groups < 1) {
                snprintf(runtime->error, sizeof runtime->error, "%s: kernel %d dispatches no work groups on %c at a %d x %d image",
                         compute->what, kernel + 1, axes[axis], state->width, state->height);
                return SB_ERROR_ARGUMENT;
            }
            if (groups > most) {
                snprintf(runtime->error, sizeof runtime->error, "%s: kernel %d dispatches %.0f work groups on %c; this device allows %d (GL_MAX_COMPUTE_WORK_GROUP_COUNT)",
                         compute->what, kernel + 1, groups, axes[axis], (int)most);
                return SB_ERROR_ARGUMENT;
            }
            own->groups[kernel][axis] = (int)groups;
        }
    }
    return SB_OK;
}

/* Whether a uniform a size or dispatch function reads has changed since the step was configured. */
static int sb_compute_shape_changed(const sb_runtime *runtime) {
    const sb_composition *composition = runtime->composition;
    int index, measured;
    float number;
    for (index = 0; index < composition->step_count; index++) {
        const sb_step_def *step = &composition->steps[index];
        const sb_compute_state *own = runtime->steps[index].compute;
        if (step->kind != SB_STEP_COMPUTE || !own) continue;
        for (measured = 0; measured < step->compute->measured_count; measured++) {
            if (!sb_gather(runtime, &step->compute->measured[measured], &number, 1)) number = 0;
            if (number != own->shaped_by[measured]) return 1;
        }
    }
    return 0;
}

static void sb_dispatch_one_channel_copy(const sb_target *image) {
    glDispatchCompute((GLuint)((image->width + SB_ONE_CHANNEL_GROUP - 1) / SB_ONE_CHANNEL_GROUP),
                      (GLuint)((image->height + SB_ONE_CHANNEL_GROUP - 1) / SB_ONE_CHANNEL_GROUP), 1);
}

static void sb_bind_image(int unit, const sb_target *image, GLenum access) {
    glBindImageTexture((GLuint)unit, image->texture, 0, GL_FALSE, 0, access, sb_internal_format(image->format));
}

/* Every bit of what any later reader may need: the workbench's barrier after a node's last pass. */
#define SB_BEFORE_READERS (GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT \
    | GL_FRAMEBUFFER_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT)

/* A frame of a compute step: buffers started again unless kept, readonly image inputs copied in, every image and
   buffer bound, each kernel dispatched with its barrier after it, one-channel targets copied out. */
static void sb_run_compute(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state, int frame, double seconds, double delta) {
    const sb_compute_def *compute = step->compute;
    sb_compute_state *own = state->compute;
    float numbers[1024];
    int index, kernel, uniform;
    for (index = 0; index < compute->buffer_count; index++) {
        const sb_buffer_def *buffer = &compute->buffers[index];
        if (!buffer->persistent) {
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, own->buffers[index]);
            glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, buffer->byte_count, buffer->initial ? buffer->initial : own->zeros);
        }
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, (GLuint)buffer->binding, own->buffers[index]);
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    /* Copied first: a one-channel copy takes texture and image unit 0, which the kernels' own bindings then take. */
    for (index = 0; index < compute->input_count; index++) {
        const sb_compute_input_def *input = &compute->inputs[index];
        const sb_target *source = runtime->steps[input->source].image, *copy = &own->input_copies[index];
        if (input->image_unit < 0 || !source) continue;
        if (input->format == SB_R32F || input->format == SB_R32UI) {
            glUseProgram(runtime->one_channel_programs[(input->format == SB_R32UI ? 2 : 0) + 1]);
            sb_bind(source, 0, GL_NEAREST);
            sb_bind_image(0, copy, GL_READ_WRITE);
            sb_dispatch_one_channel_copy(copy);
            glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
        } else {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, runtime->read_framebuffer);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, source->texture, 0);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, copy->framebuffer);
            glBlitFramebuffer(0, 0, copy->width, copy->height, 0, 0, copy->width, copy->height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
        }
    }
    for (index = 0; index < compute->input_count; index++) {
        const sb_compute_input_def *input = &compute->inputs[index];
        const sb_target *source = runtime->steps[input->source].image;
        if (input->image_unit >= 0) {
            int one_channel = input->format == SB_R32F || input->format == SB_R32UI;
            sb_bind_image(input->image_unit, &own->input_copies[index], one_channel ? GL_READ_WRITE : GL_READ_ONLY);
        } else if (source) {
            sb_bind_wrapped(source, input->unit, input->filter, input->wrap);
        }
    }
    for (index = 0; index < compute->target_count; index++) {
        sb_bind_image(compute->targets[index].unit, own->stored[index].texture ? &own->stored[index] : &own->targets[index], GL_READ_WRITE);
    }
    for (kernel = 0; kernel < compute->kernel_count; kernel++) {
        const sb_kernel_def *definition = &compute->kernels[kernel];
        const GLint *locations = own->uniform_locations + kernel * step->uniform_count;
        const GLint *frame_locations = own->frame_locations[kernel];
        glUseProgram(runtime->programs[definition->program]);
        for (uniform = 0; uniform < step->uniform_count; uniform++) {
            const sb_uniform_def *definition_of = &step->uniforms[uniform];
            if (definition_of->value.slot < 0) continue;
            sb_set_uniform(locations[uniform], definition_of->type, definition_of->count, numbers, sb_gather(runtime, &definition_of->value, numbers, 1024));
        }
        if (frame_locations[0] >= 0) glUniform1f(frame_locations[0], (float)seconds);
        if (frame_locations[1] >= 0) glUniform1f(frame_locations[1], (float)delta);
        if (frame_locations[2] >= 0) glUniform1i(frame_locations[2], frame);
        if (frame_locations[3] >= 0 && definition->resolution_components == 2) glUniform2f(frame_locations[3], (float)state->width, (float)state->height);
        if (frame_locations[3] >= 0 && definition->resolution_components == 3) glUniform3f(frame_locations[3], (float)state->width, (float)state->height, 1);
        glDispatchCompute((GLuint)own->groups[kernel][0], (GLuint)own->groups[kernel][1], (GLuint)own->groups[kernel][2]);
        glMemoryBarrier(definition->barrier);
    }
    for (index = 0; index < compute->target_count; index++) {
        if (!own->stored[index].texture) continue;
        glUseProgram(runtime->one_channel_programs[own->stored[index].format == SB_R32UI ? 2 : 0]);
        sb_bind_image(0, &own->stored[index], GL_READ_WRITE);
        sb_bind_image(1, &own->targets[index], GL_WRITE_ONLY);
        sb_dispatch_one_channel_copy(&own->stored[index]);
        glMemoryBarrier(SB_BEFORE_READERS);
    }
    state->image = compute->target_count ? &own->targets[0] : NULL;
}

/* Elements of a compute step's buffer as numbers, read now, after the barrier its last kernel placed. */
static void sb_read_buffer(sb_runtime *runtime, const sb_step_def *step, sb_step_state *state) {
    const sb_buffer_read_def *read = step->buffer_read;
    const sb_compute_state *source = runtime->steps[step->source].compute;
    int length = read->count * read->stride, element, component, count = read->count * read->components;
    const unsigned char *mapped;
    if (count > state->value_capacity) count = state->value_capacity;
    state->value_count = count;
    if (count == 0) return;
    memset(state->value, 0, sizeof(float) * (size_t)count);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, source->buffers[read->buffer]);
    mapped = (const unsigned char *)glMapBufferRange(GL_SHADER_STORAGE_BUFFER, read->offset, length, GL_MAP_READ_BIT);
    if (mapped) {
        for (element = 0; element < read->count; element++) {
            for (component = 0; component < read->components && element * read->components + component < count; component++) {
                unsigned int bits;
                float number;
                memcpy(&bits, mapped + element * read->stride + component * 4, 4);
                if (read->scalar == SB_SCALAR_INT) number = (float)(int)bits;
                else if (read->scalar == SB_SCALAR_UINT) number = (float)bits;
                else memcpy(&number, &bits, 4);
                state->value[element * read->components + component] = number;
            }
        }
        glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

/* Mesa holds a program from each stage it left as it was made current (a kernel from the vertex stage, a drawing
   program from the compute stage) until that stage next changes, and a program held so outlives its deletion. No
   program, then a kernel, then none (glUseProgram(0) follows) changes every stage with nothing held after. */
static void sb_let_go_of_programs(const sb_runtime *runtime) {
    int index;
    glUseProgram(0);
    for (index = 0; runtime->programs && index < runtime->composition->program_count; index++) {
        if (runtime->composition->programs[index].compute.count > 0 && runtime->programs[index]) {
            glUseProgram(runtime->programs[index]);
            return;
        }
    }
}

static void sb_release_compute(const sb_step_def *step, sb_step_state *state) {
    const sb_compute_def *compute = step->compute;
    sb_compute_state *own = state->compute;
    int index;
    if (!own) return;
    /* An image unit or an indexed buffer binding keeps what is bound to it alive past its deletion. */
    for (index = 0; index < compute->target_count; index++) glBindImageTexture((GLuint)compute->targets[index].unit, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    for (index = 0; index < compute->input_count; index++) {
        if (compute->inputs[index].image_unit >= 0) glBindImageTexture((GLuint)compute->inputs[index].image_unit, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    }
    for (index = 0; index < 2; index++) glBindImageTexture((GLuint)index, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    for (index = 0; index < compute->buffer_count; index++) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, (GLuint)compute->buffers[index].binding, 0);
    for (index = 0; own->buffers && index < compute->buffer_count; index++) if (own->buffers[index]) glDeleteBuffers(1, &own->buffers[index]);
    for (index = 0; own->targets && index < compute->target_count; index++) sb_release_target(&own->targets[index]);
    for (index = 0; own->stored && index < compute->target_count; index++) sb_release_target(&own->stored[index]);
    for (index = 0; own->input_copies && index < compute->input_count; index++) sb_release_target(&own->input_copies[index]);
    free(own->uniform_locations);
    free(own->frame_locations);
    free(own->groups);
    free(own->buffers);
    free((void *)own->zeros);
    free(own->targets);
    free(own->stored);
    free(own->input_copies);
    free(own->measures);
    free(own->shaped_by);
    free(own);
    state->compute = NULL;
}

#else

/* Built without SB_RUNTIME_COMPUTE, the runtime has no GLES 3.1 entry points to run a compute step with. */
static int sb_check_compute_version(sb_runtime *runtime) {
    const sb_composition *composition = runtime->composition;
    int index;
    for (index = 0; index < composition->step_count; index++) {
        if (composition->steps[index].kind != SB_STEP_COMPUTE) continue;
        snprintf(runtime->error, sizeof runtime->error, "%s: compute steps need the runtime built with SB_RUNTIME_COMPUTE defined (GLES 3.1)",
                 composition->steps[index].compute->what);
        return SB_ERROR_GL;
    }
    return SB_OK;
}

#endif

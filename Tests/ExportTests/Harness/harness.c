/* Runs an exported C graph headless, as an app would: an EGL surfaceless GLES 3 context, inputs uploaded
   from raw RGBA files, frames rendered into a texture of the app's and read back to raw RGBA files.

   Built with -DGRAPH=<prefix> and -include <prefix>.h; setup.inc holds the composition's own calls
   (feeding inputs, setting parameters). After destroying the graph (and its own textures) it checks that
   no GL object is left. Usage: harness OUT_DIR WIDTH HEIGHT FRAMES FPS */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PASTE2(a, b) a##_##b
#define PASTE(a, b) PASTE2(a, b)
#define API(name) PASTE(GRAPH, name)
#define CHECK(call) do { int status_ = (int)(call); if (status_ != 0) { \
    fprintf(stderr, "%s failed (%d): %s\n", #call, status_, API(last_error)(graph)); return 1; } } while (0)

static GLuint loaded[16];
static int loaded_count;

static GLuint load_rgba(const char *path, int width, int height) {
    size_t size = (size_t)width * (size_t)height * 4;
    unsigned char *pixels = malloc(size);
    FILE *file = fopen(path, "rb");
    GLuint texture = 0;
    if (!pixels || !file || fread(pixels, 1, size, file) != size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fclose(file);
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    free(pixels);
    if (loaded_count < 16) loaded[loaded_count++] = texture;
    return texture;
}

/* GL names are small integers handed out in order; any still naming an object after every owner
   released its own is a leak. */
static int count_live_objects(void) {
    GLuint name;
    int live = 0;
    for (name = 1; name < 100000; name++) {
        if (glIsTexture(name) || glIsFramebuffer(name) || glIsProgram(name) || glIsShader(name) || glIsBuffer(name)
            || glIsVertexArray(name) || glIsRenderbuffer(name)) {
            fprintf(stderr, "GL object %u is still alive\n", name);
            live++;
        }
    }
    return live;
}

int main(int argc, char **argv) {
    EGLDisplay display;
    EGLContext context;
    static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    GRAPH *graph = NULL;
    char message[1024];
    GLuint output, framebuffer;
    int width, height, frames, frame;
    double fps;
    unsigned char *pixels;
    if (argc != 6) {
        fprintf(stderr, "usage: harness OUT_DIR WIDTH HEIGHT FRAMES FPS\n");
        return 2;
    }
    width = atoi(argv[2]);
    height = atoi(argv[3]);
    frames = atoi(argv[4]);
    fps = atof(argv[5]);
    display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, NULL, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) {
        fprintf(stderr, "no EGL display\n");
        return 1;
    }
    context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        fprintf(stderr, "no GLES 3 context\n");
        return 1;
    }
    if (API(create)(&graph, message, sizeof message) != 0) {
        fprintf(stderr, "create failed: %s\n", message);
        return 1;
    }
    (void)load_rgba;
    (void)strstr;
#include "setup.inc"
    glGenTextures(1, &output);
    glBindTexture(GL_TEXTURE_2D, output);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &framebuffer);
    pixels = malloc((size_t)width * (size_t)height * 4);
    for (frame = 0; frame < frames; frame++) {
        char path[4096];
        FILE *file;
        CHECK(API(process)(graph, frame / fps, frame, output, width, height));
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, output, 0);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
        snprintf(path, sizeof path, "%s/frame-%d.rgba", argv[1], frame);
        file = fopen(path, "wb");
        if (!file || fwrite(pixels, 1, (size_t)width * (size_t)height * 4, file) != (size_t)width * (size_t)height * 4) {
            fprintf(stderr, "cannot write %s\n", path);
            return 1;
        }
        fclose(file);
    }
    free(pixels);
    glDeleteFramebuffers(1, &framebuffer);
    glDeleteTextures(1, &output);
    API(destroy)(graph);
    glDeleteTextures(loaded_count, loaded);
    if (count_live_objects() > 0) return 3;
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
    return 0;
}

#include "config.h"
#include "frames.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/videodev2.h>

static void warn(const char *file, int line, const char *message, const char *detail) {
    fprintf(stderr, "v4l2-emulator: %s:%d: %s '%s'\n", file, line, message, detail);
}

static char *trim(char *text) {
    while (isspace((unsigned char)*text)) text++;
    char *end = text + strlen(text);
    while (end > text && isspace((unsigned char)end[-1])) *--end = '\0';
    return text;
}

static struct emulated_device *add_device(struct device_list *list, const char *path, const char *file, int line) {
    if (strncmp(path, "/dev/video", 10) != 0) {
        warn(file, line, "not a /dev/video path, section ignored:", path);
        return NULL;
    }
    for (int i = 0; i < list->count; i++) {
        if (strcmp(list->devices[i].path, path) == 0) {
            warn(file, line, "device listed twice, section ignored:", path);
            return NULL;
        }
    }
    if (list->count == MAX_DEVICES || strlen(path) >= sizeof list->devices[0].path) {
        warn(file, line, "too many devices or too long a path, section ignored:", path);
        return NULL;
    }
    struct emulated_device *device = &list->devices[list->count];
    *device = (struct emulated_device){
        .formats = {V4L2_PIX_FMT_YUYV},
        .format_count = 1,
        .sizes = {{640, 480}},
        .size_count = 1,
        .fps = 30,
        .colorspace = V4L2_COLORSPACE_SMPTE170M,
        .bars = {{0xc8, 0x32, 0x32}, {0x32, 0xc8, 0x32}, {0x32, 0x32, 0xc8}, {0x80, 0x80, 0x80}},
        .bar_count = 4,
        .capture = true,
        .keep = true,
    };
    snprintf(device->path, sizeof device->path, "%s", path);
    snprintf(device->card, sizeof device->card, "Emulated Camera");
    snprintf(device->driver, sizeof device->driver, "v4l2-emulator");
    snprintf(device->bus, sizeof device->bus, "platform:v4l2-emulator-%d", list->count);
    list->count++;
    return device;
}

static void set_formats(struct emulated_device *device, char *value, const char *file, int line) {
    uint32_t formats[MAX_FORMATS];
    int count = 0;
    char *saved;
    for (char *word = strtok_r(value, " \t", &saved); word; word = strtok_r(NULL, " \t", &saved)) {
        uint32_t fourcc = strlen(word) == 4 ? v4l2_fourcc(word[0], word[1], word[2], word[3]) : 0;
        bool repeated = false;
        for (int i = 0; i < count; i++) repeated |= formats[i] == fourcc;
        if (!find_pixel_format(fourcc) || repeated || count == MAX_FORMATS) {
            warn(file, line, "format not offered:", word);
            continue;
        }
        formats[count++] = fourcc;
    }
    if (count == 0) return;
    memcpy(device->formats, formats, sizeof formats);
    device->format_count = count;
}

static void set_sizes(struct emulated_device *device, char *value, const char *file, int line) {
    struct frame_size sizes[MAX_SIZES];
    int count = 0;
    char *saved;
    for (char *word = strtok_r(value, " \t", &saved); word; word = strtok_r(NULL, " \t", &saved)) {
        unsigned width, height;
        int used = 0;
        /* 4:2:0 formats need even sizes; real sensors only offer those. */
        bool valid = sscanf(word, "%ux%u%n", &width, &height, &used) == 2 && word[used] == '\0' && width > 0 &&
                     height > 0 && width <= 8192 && height <= 8192 && width % 2 == 0 && height % 2 == 0;
        if (!valid || count == MAX_SIZES) {
            warn(file, line, "size not usable (even WIDTHxHEIGHT up to 8192):", word);
            continue;
        }
        sizes[count++] = (struct frame_size){width, height};
    }
    if (count == 0) return;
    memcpy(device->sizes, sizes, sizeof sizes);
    device->size_count = count;
}

static void set_only(struct emulated_device *device, char *value, const char *file, int line) {
    char fourcc[5];
    unsigned width, height;
    int used = 0;
    bool valid = sscanf(value, "%4s %ux%u%n", fourcc, &width, &height, &used) == 3 && value[used] == '\0' &&
                 strlen(fourcc) == 4 && find_pixel_format(v4l2_fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3])) &&
                 width > 0 && height > 0 && width <= 8192 && height <= 8192 && width % 2 == 0 && height % 2 == 0;
    if (!valid) {
        warn(file, line, "not a format the emulator makes and an even WIDTHxHEIGHT:", value);
        return;
    }
    device->only_format = v4l2_fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]);
    device->only_size = (struct frame_size){width, height};
}

static void set_bars(struct emulated_device *device, char *value, const char *file, int line) {
    uint8_t bars[MAX_BARS][3];
    int count = 0;
    char *saved;
    for (char *word = strtok_r(value, " \t", &saved); word; word = strtok_r(NULL, " \t", &saved)) {
        char *end;
        unsigned long rgb = strtoul(word, &end, 16);
        if (strlen(word) != 6 || *end != '\0' || count == MAX_BARS) {
            warn(file, line, "colour not RRGGBB hex:", word);
            continue;
        }
        bars[count][0] = (uint8_t)(rgb >> 16);
        bars[count][1] = (uint8_t)(rgb >> 8);
        bars[count][2] = (uint8_t)rgb;
        count++;
    }
    if (count == 0) return;
    memcpy(device->bars, bars, sizeof bars);
    device->bar_count = count;
}

static void set_key(struct emulated_device *device, const char *key, char *value, const char *file, int line) {
    if (strcmp(key, "card") == 0) {
        snprintf(device->card, sizeof device->card, "%s", value);
    } else if (strcmp(key, "driver") == 0) {
        snprintf(device->driver, sizeof device->driver, "%s", value);
    } else if (strcmp(key, "bus") == 0) {
        snprintf(device->bus, sizeof device->bus, "%s", value);
    } else if (strcmp(key, "formats") == 0) {
        set_formats(device, value, file, line);
    } else if (strcmp(key, "sizes") == 0) {
        set_sizes(device, value, file, line);
    } else if (strcmp(key, "only") == 0) {
        set_only(device, value, file, line);
    } else if (strcmp(key, "fps") == 0) {
        char *end;
        unsigned long fps = strtoul(value, &end, 10);
        if (*end != '\0' || fps < 1 || fps > 1000) {
            warn(file, line, "fps not a whole number from 1 to 1000:", value);
            return;
        }
        device->fps = (uint32_t)fps;
    } else if (strcmp(key, "colorspace") == 0) {
        if (strcmp(value, "smpte170m") == 0) device->colorspace = V4L2_COLORSPACE_SMPTE170M;
        else if (strcmp(value, "rec709") == 0) device->colorspace = V4L2_COLORSPACE_REC709;
        else if (strcmp(value, "srgb") == 0) device->colorspace = V4L2_COLORSPACE_SRGB;
        else warn(file, line, "colorspace not smpte170m, rec709 or srgb:", value);
    } else if (strcmp(key, "quantization") == 0) {
        if (strcmp(value, "limited") == 0) device->full_range = false;
        else if (strcmp(value, "full") == 0) device->full_range = true;
        else warn(file, line, "quantization not limited or full:", value);
    } else if (strcmp(key, "bars") == 0) {
        set_bars(device, value, file, line);
    } else if (strcmp(key, "output") == 0) {
        if (strcmp(value, "yes") == 0) device->output = true, device->capture = false;
        else if (strcmp(value, "no") == 0) device->output = false;
        else warn(file, line, "output not yes or no:", value);
    } else if (strcmp(key, "keep") == 0) {
        if (strcmp(value, "yes") == 0) device->keep = true;
        else if (strcmp(value, "no") == 0) device->keep = false;
        else warn(file, line, "keep not yes or no:", value);
    } else if (strcmp(key, "capture") == 0) {
        if (strcmp(value, "yes") == 0) device->capture = true;
        else if (strcmp(value, "no") == 0) device->capture = false;
        else warn(file, line, "capture not yes or no:", value);
    } else {
        warn(file, line, "unknown key, ignored:", key);
    }
}

void parse_devices(const char *text, const char *file, struct device_list *out) {
    out->count = 0;
    char *copy = strdup(text);
    if (!copy) return;
    struct emulated_device *device = NULL;
    int line_number = 0;
    for (char *line = copy, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        line_number++;
        char *comment = strchr(line, '#');
        if (comment) *comment = '\0';
        line = trim(line);
        if (*line == '\0') continue;
        if (*line == '[') {
            char *end = strchr(line, ']');
            device = NULL;
            if (!end || end[1] != '\0') {
                warn(file, line_number, "malformed section header:", line);
                continue;
            }
            *end = '\0';
            device = add_device(out, trim(line + 1), file, line_number);
            continue;
        }
        char *equals = strchr(line, '=');
        if (!equals) {
            warn(file, line_number, "expected key = value:", line);
            continue;
        }
        *equals = '\0';
        char *key = trim(line), *value = trim(equals + 1);
        if (device) set_key(device, key, value, file, line_number);
        else warn(file, line_number, "key outside a device section, ignored:", key);
    }
    free(copy);
}

enum matrix device_matrix(const struct emulated_device *device) {
    return device->colorspace == V4L2_COLORSPACE_REC709 ? MATRIX_BT709 : MATRIX_BT601;
}

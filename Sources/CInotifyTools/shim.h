#ifndef SHADERBENCH_CINOTIFYTOOLS_SHIM_H
#define SHADERBENCH_CINOTIFYTOOLS_SHIM_H
#include <sys/inotify.h>
#include <inotifytools/inotifytools.h>

/* IN_ALL_EVENTS is an expression macro, and inotify_event.name is a flexible array member:
   Swift imports neither. */
static inline unsigned int cinotify_all_events(void) { return IN_ALL_EVENTS; }
static inline const char *cinotify_event_name(const struct inotify_event *event) {
    return event->len > 0 ? event->name : "";
}
#endif

#ifndef SHADERBENCH_PIPEWIRE_CONNECTION_H
#define SHADERBENCH_PIPEWIRE_CONNECTION_H
/* One connection to the daemon: a thread loop of its own, a context and a core, and whether the connection
   has broken. */
#include "functions.h"
#include "PipeWireBridge.h"

struct sbpw_connection {
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct spa_hook core_listener;
    int sync_sequence;
    int synced;
    /* The daemon went away (the core's "connection error"). */
    int broken;
    /* Told once when it breaks, on the loop's thread. */
    void (*on_broken)(void *context);
    void *broken_context;
};

/* Starts the loop and connects to `remote` (a daemon's socket path; NULL for the session's own, as
   PIPEWIRE_REMOTE or XDG_RUNTIME_DIR say); 0 with the loop locked, or a negative errno with everything undone. */
int sbpw_connection_open(struct sbpw_connection *connection, const char *name, const char *remote);
/* Waits (locked) until the daemon has handled everything sent so far: 0, -EPIPE, or -ETIMEDOUT. */
int sbpw_connection_round_trip(struct sbpw_connection *connection, int timeout_seconds);
/* Disconnects and frees; call with the loop locked, from any thread but the loop's. */
void sbpw_connection_close(struct sbpw_connection *connection);

/* The bridge's name for a SPA video format, and back. */
uint32_t sbpw_format_from_spa(uint32_t spa_format);
uint32_t sbpw_format_to_spa(uint32_t format);

#endif

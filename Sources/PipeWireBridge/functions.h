#ifndef SHADERBENCH_PIPEWIRE_FUNCTIONS_H
#define SHADERBENCH_PIPEWIRE_FUNCTIONS_H
/* The libpipewire functions the bridge calls, as pointers `sbpw_load` fills from the library it opens. Below
   the redirections each call site keeps the real name; the header's inline helpers reach the rest through the
   method tables inside the objects, so they need nothing looked up. */
#include <pipewire/pipewire.h>

#define SBPW_FUNCTIONS(X) \
    X(pw_init) X(pw_get_library_version) \
    X(pw_thread_loop_new) X(pw_thread_loop_get_loop) X(pw_thread_loop_start) X(pw_thread_loop_stop) \
    X(pw_thread_loop_destroy) X(pw_thread_loop_lock) X(pw_thread_loop_unlock) X(pw_thread_loop_timed_wait) \
    X(pw_thread_loop_signal) \
    X(pw_context_new) X(pw_context_destroy) X(pw_context_connect) X(pw_core_disconnect) \
    X(pw_proxy_destroy) \
    X(pw_properties_new) X(pw_properties_set) \
    X(pw_stream_new) X(pw_stream_add_listener) X(pw_stream_connect) X(pw_stream_disconnect) X(pw_stream_destroy) \
    X(pw_stream_dequeue_buffer) X(pw_stream_queue_buffer) X(pw_stream_update_params)

#define SBPW_DECLARE(f) extern __typeof__(f) *sbpw_fn_##f;
SBPW_FUNCTIONS(SBPW_DECLARE)
#undef SBPW_DECLARE

#define pw_init (*sbpw_fn_pw_init)
#define pw_get_library_version (*sbpw_fn_pw_get_library_version)
#define pw_thread_loop_new (*sbpw_fn_pw_thread_loop_new)
#define pw_thread_loop_get_loop (*sbpw_fn_pw_thread_loop_get_loop)
#define pw_thread_loop_start (*sbpw_fn_pw_thread_loop_start)
#define pw_thread_loop_stop (*sbpw_fn_pw_thread_loop_stop)
#define pw_thread_loop_destroy (*sbpw_fn_pw_thread_loop_destroy)
#define pw_thread_loop_lock (*sbpw_fn_pw_thread_loop_lock)
#define pw_thread_loop_unlock (*sbpw_fn_pw_thread_loop_unlock)
#define pw_thread_loop_timed_wait (*sbpw_fn_pw_thread_loop_timed_wait)
#define pw_thread_loop_signal (*sbpw_fn_pw_thread_loop_signal)
#define pw_context_new (*sbpw_fn_pw_context_new)
#define pw_context_destroy (*sbpw_fn_pw_context_destroy)
#define pw_context_connect (*sbpw_fn_pw_context_connect)
#define pw_core_disconnect (*sbpw_fn_pw_core_disconnect)
#define pw_proxy_destroy (*sbpw_fn_pw_proxy_destroy)
#define pw_properties_new (*sbpw_fn_pw_properties_new)
#define pw_properties_set (*sbpw_fn_pw_properties_set)
#define pw_stream_new (*sbpw_fn_pw_stream_new)
#define pw_stream_add_listener (*sbpw_fn_pw_stream_add_listener)
#define pw_stream_connect (*sbpw_fn_pw_stream_connect)
#define pw_stream_disconnect (*sbpw_fn_pw_stream_disconnect)
#define pw_stream_destroy (*sbpw_fn_pw_stream_destroy)
#define pw_stream_dequeue_buffer (*sbpw_fn_pw_stream_dequeue_buffer)
#define pw_stream_queue_buffer (*sbpw_fn_pw_stream_queue_buffer)
#define pw_stream_update_params (*sbpw_fn_pw_stream_update_params)

#endif

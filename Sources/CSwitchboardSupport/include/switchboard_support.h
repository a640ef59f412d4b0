// Thread-local delivery state for the Switchboard core.
//
// Swift has no thread-local storage of its own, and the core's delivery trampoline reads a per-thread
// "a delivery is running" flag on the hot path of every set. A C `_Thread_local` read through a
// `static inline` accessor costs about a nanosecond; `pthread_getspecific` costs several.
#ifndef SWITCHBOARD_SUPPORT_H
#define SWITCHBOARD_SUPPORT_H

extern _Thread_local int switchboard_delivering;
extern _Thread_local void *switchboard_queue;

/// Non-zero while this thread is inside a delivery (an observer is running).
static inline int switchboard_is_delivering(void) { return switchboard_delivering; }
static inline void switchboard_set_delivering(int flag) { switchboard_delivering = flag; }

/// This thread's queue of pending deliveries (an unmanaged Swift object), or NULL before first use.
static inline void *switchboard_get_queue(void) { return switchboard_queue; }
static inline void switchboard_set_queue(void *queue) { switchboard_queue = queue; }

#endif

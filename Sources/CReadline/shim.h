// The whole C boundary to GNU readline: the headers, and static inline accessors for the globals Swift 6
// cannot touch directly (they are not concurrency-safe as imported variables).
#ifndef SWITCHBOARD_CREADLINE_SHIM_H
#define SWITCHBOARD_CREADLINE_SHIM_H
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif

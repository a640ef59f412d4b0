// SPDX-License-Identifier: GPL-3.0-or-later
// One HTTP(S) GET through libcurl, loaded when the first download is asked for (dlopen), not at every start: linked
// in (as Foundation's URLSession links it), libcurl and the thirty libraries it needs were mapped and relocated by
// every run of switchboard-full, a few milliseconds each, for the one option (`check --fetch`) that downloads.
#ifndef SWITCHBOARD_FETCH_H
#define SWITCHBOARD_FETCH_H

#include <stddef.h>

/// How a download ended.
typedef enum {
    /// An answer came (any status; `status` and, for a redirect, `location` say which).
    SB_FETCH_ANSWERED = 0,
    /// libcurl is not installed (libcurl.so.4, or its GnuTLS or NSS build).
    SB_FETCH_NO_LIBRARY = 1,
    /// The body is larger than the limit (nothing of it is kept).
    SB_FETCH_TOO_LARGE = 2,
    /// No complete answer within the time given.
    SB_FETCH_TIMED_OUT = 3,
    /// Anything else (no connection, a TLS failure, a refused protocol...): `message` says what.
    SB_FETCH_FAILED = 4,
} sb_fetch_outcome;

typedef struct {
    /// The body (malloc'd; NULL when empty), `size` bytes.
    unsigned char *body;
    size_t size;
    /// The HTTP status.
    long status;
    /// A redirect's target as libcurl resolves it against the URL asked for (malloc'd), or NULL.
    char *location;
    /// libcurl's own words for a failure.
    char message[256];
} sb_fetch_answer;

/// GETs `url` (http or https only, no redirect followed, no compressed answer asked for) within `timeout_ms`
/// milliseconds for the whole answer, keeping at most `limit` bytes of body. Free the answer with
/// `sb_fetch_free` whatever the outcome.
sb_fetch_outcome sb_fetch(const char *url, long timeout_ms, size_t limit, sb_fetch_answer *answer);

void sb_fetch_free(sb_fetch_answer *answer);

#endif

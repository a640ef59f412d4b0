// SPDX-License-Identifier: GPL-3.0-or-later
#include "fetch.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// curl.h is read for its types and numbers only: nothing here links libcurl, which is looked up at the first
// download.
static struct {
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    int loaded;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) continue;
        CURLcode (*global_init)(long) = (CURLcode (*)(long))dlsym(library, "curl_global_init");
        curl.easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
        curl.easy_setopt = (CURLcode(*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
        curl.easy_perform = (CURLcode(*)(CURL *))dlsym(library, "curl_easy_perform");
        curl.easy_getinfo = (CURLcode(*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
        curl.easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
        curl.easy_strerror = (const char *(*)(CURLcode))dlsym(library, "curl_easy_strerror");
        if (global_init && curl.easy_init && curl.easy_setopt && curl.easy_perform && curl.easy_getinfo
            && curl.easy_cleanup && curl.easy_strerror && global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK) {
            curl.loaded = 1;
            return;
        }
        dlclose(library);
    }
}

typedef struct {
    sb_fetch_answer *answer;
    size_t capacity;
    size_t limit;
    int over;
} sink;

// libcurl's write callback: appends, or stops the transfer (a short count) once the body would pass the limit.
static size_t collect(char *data, size_t size, size_t count, void *user) {
    sink *into = user;
    size_t length = size * count;
    sb_fetch_answer *answer = into->answer;
    if (length > into->limit - answer->size) {
        into->over = 1;
        return 0;
    }
    if (answer->size + length > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 16384;
        while (capacity < answer->size + length) capacity *= 2;
        unsigned char *grown = realloc(answer->body, capacity);
        if (grown == NULL) return 0;
        answer->body = grown;
        into->capacity = capacity;
    }
    memcpy(answer->body + answer->size, data, length);
    answer->size += length;
    return length;
}

sb_fetch_outcome sb_fetch(const char *url, long timeout_ms, size_t limit, sb_fetch_answer *answer) {
    memset(answer, 0, sizeof *answer);
    pthread_once(&load_once, load);
    if (!curl.loaded) return SB_FETCH_NO_LIBRARY;
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        strcpy(answer->message, "libcurl could not start a transfer");
        return SB_FETCH_FAILED;
    }
    sink into = {answer, 0, limit, 0};
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    // http and https only (the string form from libcurl 7.85, the mask before it).
    if (curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK)
        curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limit);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, collect);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, &into);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, answer->message);
    curl.easy_setopt(handle, CURLOPT_USERAGENT, "switchboard");
    CURLcode result = curl.easy_perform(handle);
    sb_fetch_outcome outcome = SB_FETCH_ANSWERED;
    if (into.over || result == CURLE_FILESIZE_EXCEEDED) {
        outcome = SB_FETCH_TOO_LARGE;
    } else if (result == CURLE_OPERATION_TIMEDOUT) {
        outcome = SB_FETCH_TIMED_OUT;
    } else if (result != CURLE_OK) {
        outcome = SB_FETCH_FAILED;
        if (answer->message[0] == '\0') {
            strncpy(answer->message, curl.easy_strerror(result), sizeof answer->message - 1);
        }
    } else {
        curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &answer->status);
        char *location = NULL;
        if (curl.easy_getinfo(handle, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location != NULL)
            answer->location = strdup(location);
    }
    curl.easy_cleanup(handle);
    if (outcome == SB_FETCH_TOO_LARGE) {
        free(answer->body);
        answer->body = NULL;
        answer->size = 0;
    }
    return outcome;
}

void sb_fetch_free(sb_fetch_answer *answer) {
    free(answer->body);
    free(answer->location);
    answer->body = NULL;
    answer->location = NULL;
    answer->size = 0;
}

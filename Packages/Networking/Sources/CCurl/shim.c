#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

struct kith_curl_api {
    int loaded;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
};

static struct kith_curl_api api;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    *(void **)&api.global_init = dlsym(library, "curl_global_init");
    *(void **)&api.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&api.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&api.easy_reset = dlsym(library, "curl_easy_reset");
    *(void **)&api.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&api.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&api.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&api.easy_strerror = dlsym(library, "curl_easy_strerror");
    *(void **)&api.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&api.slist_free_all = dlsym(library, "curl_slist_free_all");
    api.loaded = api.global_init && api.easy_init && api.easy_cleanup && api.easy_reset && api.easy_perform
        && api.easy_setopt && api.easy_getinfo && api.easy_strerror && api.slist_append && api.slist_free_all;
}

int kith_curl_available(void) {
    pthread_once(&once, load);
    return api.loaded;
}

CURLcode kith_curl_global_init(void) {
    return kith_curl_available() ? api.global_init(CURL_GLOBAL_ALL) : CURLE_FAILED_INIT;
}

CURL *kith_curl_easy_init(void) { return kith_curl_available() ? api.easy_init() : NULL; }

// The rest are only reached with a handle from kith_curl_easy_init, so libcurl is loaded.
void kith_curl_easy_cleanup(CURL *handle) { if (handle) api.easy_cleanup(handle); }
void kith_curl_easy_reset(CURL *handle) { api.easy_reset(handle); }
CURLcode kith_curl_easy_perform(CURL *handle) { return api.easy_perform(handle); }

const char *kith_curl_easy_strerror(CURLcode code) {
    return kith_curl_available() ? api.easy_strerror(code) : "libcurl is not installed";
}

struct curl_slist *kith_curl_slist_append(struct curl_slist *list, const char *line) {
    return kith_curl_available() ? api.slist_append(list, line) : NULL;
}

void kith_curl_slist_free_all(struct curl_slist *list) { if (list) api.slist_free_all(list); }

CURLcode kith_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_const_pointer(CURL *handle, CURLoption option, const void *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_read_callback(CURL *handle, CURLoption option, curl_read_callback value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode kith_curl_setopt_debug_callback(CURL *handle, CURLoption option, curl_debug_callback value) {
    return api.easy_setopt(handle, option, value);
}

CURLcode kith_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return api.easy_getinfo(handle, info, value);
}
CURLcode kith_curl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return api.easy_getinfo(handle, info, value);
}
CURLcode kith_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return api.easy_getinfo(handle, info, value);
}
CURLcode kith_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return api.easy_getinfo(handle, info, value);
}

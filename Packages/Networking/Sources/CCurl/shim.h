#ifndef KITH_CCURL_SHIM_H
#define KITH_CCURL_SHIM_H

#include <curl/curl.h>

// Swift cannot call C variadic functions, so every `curl_easy_setopt` / `curl_easy_getinfo` use goes
// through one of these typed, non-variadic wrappers. The argument type must match what libcurl
// documents for the option (long, char *, void *, struct curl_slist *, a callback, curl_off_t).

static inline CURLcode kith_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

// MARK: - setopt

static inline CURLcode kith_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kith_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kith_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kith_curl_setopt_const_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kith_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kith_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION (same signature).
static inline CURLcode kith_curl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_XFERINFOFUNCTION.
static inline CURLcode kith_curl_setopt_xferinfo_callback(CURL *handle, CURLoption option,
                                                          curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}

// MARK: - getinfo

static inline CURLcode kith_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode kith_curl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode kith_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode kith_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif

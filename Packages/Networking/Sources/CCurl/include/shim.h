#ifndef KITH_CCURL_SHIM_H
#define KITH_CCURL_SHIM_H

#include <curl/curl.h>

// libcurl is loaded with dlopen the first time it is used, not linked: linked, its dependency tree
// (TLS, Kerberos, LDAP, SSH... about 30 shared libraries) would be loaded by every `kith` start, tripling
// the start-up time of commands that never touch the network. Every libcurl call therefore goes through
// these wrappers, which also give the variadic `curl_easy_setopt` / `curl_easy_getinfo` typed,
// non-variadic forms Swift can call. The argument type must match what libcurl documents for the option.

/// Whether libcurl (the libcurl4 package) could be loaded.
int kith_curl_available(void);

CURLcode kith_curl_global_init(void);
CURL *kith_curl_easy_init(void);
void kith_curl_easy_cleanup(CURL *handle);
void kith_curl_easy_reset(CURL *handle);
CURLcode kith_curl_easy_perform(CURL *handle);
const char *kith_curl_easy_strerror(CURLcode code);
struct curl_slist *kith_curl_slist_append(struct curl_slist *list, const char *line);
void kith_curl_slist_free_all(struct curl_slist *list);

// MARK: - setopt

CURLcode kith_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode kith_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode kith_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode kith_curl_setopt_const_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode kith_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode kith_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION (same signature).
CURLcode kith_curl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value);
/// For CURLOPT_XFERINFOFUNCTION.
CURLcode kith_curl_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback value);
/// For CURLOPT_READFUNCTION (an upload's bytes: an SMTP message).
CURLcode kith_curl_setopt_read_callback(CURL *handle, CURLoption option, curl_read_callback value);
/// For CURLOPT_DEBUGFUNCTION (called only with CURLOPT_VERBOSE 1; SMTP reads the server's replies there).
CURLcode kith_curl_setopt_debug_callback(CURL *handle, CURLoption option, curl_debug_callback value);

// MARK: - getinfo

CURLcode kith_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode kith_curl_getinfo_double(CURL *handle, CURLINFO info, double *value);
CURLcode kith_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode kith_curl_getinfo_string(CURL *handle, CURLINFO info, char **value);

#endif

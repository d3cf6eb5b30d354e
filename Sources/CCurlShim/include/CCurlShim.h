// One HTTP exchange over libcurl's easy interface, for kakeibo-sync's https transport.
// Swift can't call the variadic curl_easy_setopt, so the whole exchange is one plain C call.
#ifndef KAKEIBO_CCURLSHIM_H
#define KAKEIBO_CCURLSHIM_H

#include <stddef.h>

/// How an exchange failed (0: an answer came).
enum {
    KAKEIBO_CURL_OK = 0,
    KAKEIBO_CURL_CANNOT_CONNECT = 1,
    KAKEIBO_CURL_TIMED_OUT = 2,
    KAKEIBO_CURL_CONNECTION_LOST = 3,
    KAKEIBO_CURL_OTHER = 4,
};

/// The answer to one request (redirects are not followed: `location` says where one pointed, made absolute).
typedef struct {
    int failure;
    long status;
    unsigned char *body;
    size_t length;
    size_t capacity;
    char *content_type;
    char *location;
    char message[256];
} kakeibo_curl_answer;

/// Sends one request and waits (in poll, without spinning) for its whole answer or `timeout_ms`.
/// `body` non-NULL makes it a POST of that JSON, sent once: never re-sent, never followed to another host.
/// `authorization` and `ca_file` may be NULL. Free the answer with kakeibo_curl_answer_free.
void kakeibo_curl_exchange(
    const char *url, const unsigned char *body, size_t body_length, const char *authorization, long timeout_ms,
    const char *ca_file, kakeibo_curl_answer *answer);

void kakeibo_curl_answer_free(kakeibo_curl_answer *answer);

#endif

#include "CCurlShim.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t global_once = PTHREAD_ONCE_INIT;

static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

static size_t collect(char *data, size_t size, size_t count, void *context) {
    kakeibo_curl_answer *answer = context;
    size_t added = size * count;
    if (answer->length + added > answer->capacity) {
        size_t capacity = answer->capacity ? answer->capacity : 16 * 1024;
        while (capacity < answer->length + added) capacity *= 2;
        unsigned char *grown = realloc(answer->body, capacity);
        if (grown == NULL) return 0;  // curl stops with CURLE_WRITE_ERROR
        answer->body = grown;
        answer->capacity = capacity;
    }
    memcpy(answer->body + answer->length, data, added);
    answer->length += added;
    return added;
}

static char *copy(const char *text) { return text ? strdup(text) : NULL; }

static int failure(CURLcode code) {
    switch (code) {
    case CURLE_OK: return KAKEIBO_CURL_OK;
    case CURLE_OPERATION_TIMEDOUT: return KAKEIBO_CURL_TIMED_OUT;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_CONNECT:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
        return KAKEIBO_CURL_CANNOT_CONNECT;
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
        return KAKEIBO_CURL_CONNECTION_LOST;
    default: return KAKEIBO_CURL_OTHER;
    }
}

void kakeibo_curl_exchange(
    const char *url, const unsigned char *body, size_t body_length, const char *authorization, long timeout_ms,
    const char *ca_file, kakeibo_curl_answer *answer) {
    memset(answer, 0, sizeof *answer);
    pthread_once(&global_once, global_init);
    CURL *curl = curl_easy_init();
    if (curl == NULL) {
        answer->failure = KAKEIBO_CURL_OTHER;
        strcpy(answer->message, "libcurl could not start");
        return;
    }
    char error[CURL_ERROR_SIZE] = "";
    struct curl_slist *headers = curl_slist_append(NULL, "Accept: application/json");
    // No `Expect: 100-continue`: the body goes with the request, in one exchange.
    headers = curl_slist_append(headers, "Expect:");
    char *bearer = NULL;
    if (authorization != NULL) {
        size_t size = strlen("Authorization: ") + strlen(authorization) + 1;
        bearer = malloc(size);
        if (bearer != NULL) {
            strcpy(bearer, "Authorization: ");
            strcat(bearer, authorization);
            headers = curl_slist_append(headers, bearer);
        }
    }
    if (body != NULL) headers = curl_slist_append(headers, "Content-Type: application/json; charset=utf-8");

    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    // Redirects are kakeibo's to follow (only to https or this machine; the token only to the endpoint's origin).
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_POSTREDIR, 0L);
    // A fresh connection for each request: a reused one that drops would tempt a re-send.
    curl_easy_setopt(curl, CURLOPT_FRESH_CONNECT, 1L);
    curl_easy_setopt(curl, CURLOPT_FORBID_REUSE, 1L);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, answer);
    if (ca_file != NULL) curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file);
    if (body != NULL) {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body_length ? (const char *)body : "");
    } else {
        curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    }

    CURLcode code = curl_easy_perform(curl);
    answer->failure = failure(code);
    if (code == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer->status);
        char *text = NULL;
        if (curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &text) == CURLE_OK) answer->content_type = copy(text);
        text = NULL;
        if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &text) == CURLE_OK) answer->location = copy(text);
    } else {
        strncpy(answer->message, error[0] ? error : curl_easy_strerror(code), sizeof answer->message - 1);
    }
    curl_slist_free_all(headers);
    free(bearer);
    curl_easy_cleanup(curl);
}

void kakeibo_curl_answer_free(kakeibo_curl_answer *answer) {
    free(answer->body);
    free(answer->content_type);
    free(answer->location);
    answer->body = NULL;
    answer->content_type = NULL;
    answer->location = NULL;
}

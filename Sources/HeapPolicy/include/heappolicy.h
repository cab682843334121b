#ifndef QUIRE_HEAPPOLICY_H
#define QUIRE_HEAPPOLICY_H
/* How the quire executable asks glibc's malloc and Linux for its memory (issue 19); heappolicy.c says why. */

/* Makes malloc grow its heaps 64 MiB at a time and asks Linux to back this thread's heap with transparent huge
 * pages. For an executable's main thread, before it starts others. Returns 1 when the policy is on, 0 when it
 * was left off: not glibc on Linux, GLIBC_TUNABLES already tunes malloc (the user's choice stands), or malloc is
 * AddressSanitizer's (qh_sanitized). */
int qh_enable(void);

/* 1 when AddressSanitizer's runtime is in the process: its malloc owns the heap and has no top pad or arenas. */
int qh_sanitized(void);

/* Asks for huge pages for the heap of the calling thread, once per thread; nothing unless qh_enable turned the
 * policy on. Cheap after the first call: a thread-local flag. */
void qh_prepare_thread(void);

/* Test hook: 1 when the mapping that holds `address` carries MADV_HUGEPAGE ("hg" in /proc/self/smaps), 0 when
 * it does not, -1 when it cannot be told. */
int qh_advised(const void *address);

#endif

/* The quire executable's heap policy: fewer, larger page faults (issue 19).
 *
 * Rendering War and Peace touches about 60 MB of heap. With glibc's defaults the heap grows 128 KiB at a time
 * and Linux backs it with 4 KiB pages: 10,400 page faults, each zeroing a page, were 40 ms of system time in a
 * 100 ms run on the bench machine (the floor, which keeps little, takes 530). The same run with
 * GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864 took 1,000 faults and 15% less wall time.
 * Tunables are read from the environment when the process starts, so the executable does what they do itself:
 *
 * - mallopt(M_TOP_PAD) (a documented glibc call) makes the main heap grow 64 MiB at a time and gives each new
 *   thread arena its whole heap at once;
 * - madvise(MADV_HUGEPAGE) on the mapping that holds each thread's heap lets Linux fault it in 2 MiB pages where
 *   transparent huge pages are "madvise" (Debian's default) or "always". Where they are "never", nothing changes.
 *
 * Neither changes what malloc returns, only how the kernel backs it: output cannot differ. The cost is memory
 * touched in 2 MiB steps (peak resident memory a few MB higher). The library never turns this on; only the
 * executable's main does, and GLIBC_TUNABLES naming a malloc tunable leaves malloc to the user. */
#define _GNU_SOURCE
#include "heappolicy.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <dlfcn.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#define QH_SUPPORTED 1
#else
#define QH_SUPPORTED 0
#endif

/* Set once by the main thread, read by every worker: atomic, though in quire it is set before any thread starts. */
static atomic_int qh_on = 0;
static _Thread_local int qh_thread_done = 0;

#if QH_SUPPORTED
/* The bounds of the mapping in /proc/self/maps that holds `address`; 0 when none does. */
static int mapping_of(const void *address, uintptr_t *start, uintptr_t *end) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return 0;
    uintptr_t a = (uintptr_t)address, s, e;
    char line[512];
    int found = 0;
    while (!found && fgets(line, sizeof line, maps)) {
        if (sscanf(line, "%lx-%lx", &s, &e) == 2 && s <= a && a < e) { *start = s; *end = e; found = 1; }
    }
    fclose(maps);
    return found;
}

/* Advises the mapping that holds a fresh small block of this thread's arena. */
static void advise_own_heap(void) {
    void *probe = malloc(64);
    uintptr_t start, end;
    if (probe && mapping_of(probe, &start, &end)) madvise((void *)start, end - start, MADV_HUGEPAGE);
    free(probe);
}
#endif

int qh_sanitized(void) {
#if QH_SUPPORTED
    return dlsym(RTLD_DEFAULT, "__asan_init") != NULL;
#else
    return 0;
#endif
}

int qh_enable(void) {
#if QH_SUPPORTED
    if (atomic_load_explicit(&qh_on, memory_order_acquire)) return 1;
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (tunables && strstr(tunables, "glibc.malloc.")) return 0;
    if (qh_sanitized()) return 0;
    if (!mallopt(M_TOP_PAD, 64 << 20)) return 0;
    /* The main heap is extended with brk, and Linux gives an extension a new mapping (without the advice) unless
     * its flags match the old one's: so grow it by the new padding first, then advise it whole. Blocks of 60,000
     * bytes stay below the mmap threshold; the first that does not fit the current top makes malloc call sbrk. */
    void *before = sbrk(0), *blocks[16];
    int n = 0;
    while (n < 16 && sbrk(0) == before) blocks[n++] = malloc(60000);
    while (n > 0) free(blocks[--n]);
    atomic_store_explicit(&qh_on, 1, memory_order_release);
    qh_thread_done = 1;
    advise_own_heap();
    return 1;
#else
    return 0;
#endif
}

void qh_prepare_thread(void) {
#if QH_SUPPORTED
    if (qh_thread_done || !atomic_load_explicit(&qh_on, memory_order_acquire)) return;
    qh_thread_done = 1;
    advise_own_heap();
#endif
}

int qh_advised(const void *address) {
#if QH_SUPPORTED
    FILE *smaps = fopen("/proc/self/smaps", "re");
    if (!smaps) return -1;
    uintptr_t a = (uintptr_t)address, s, e;
    char line[512];
    int inside = 0, result = -1;
    while (result < 0 && fgets(line, sizeof line, smaps)) {
        if (sscanf(line, "%lx-%lx ", &s, &e) == 2) {
            inside = s <= a && a < e;
        } else if (inside && strncmp(line, "VmFlags:", 8) == 0) {
            result = strstr(line, " hg") != NULL;
        }
    }
    fclose(smaps);
    return result;
#else
    (void)address;
    return -1;
#endif
}

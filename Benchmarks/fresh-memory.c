/* What this machine charges for memory a process touches for the first time: 256 MiB mapped and written twice,
   4 KiB pages, each pass timed. On bare metal the first pass costs a page fault per page (~0.1 s); on a virtual
   machine whose free pages are reported back to the host (virtio-balloon free page reporting), a page the guest
   had freed must also be faulted in again by the host, and the first pass can take ten times as long. Every row of
   the bench that writes files (page cache) or grows a heap pays this; the floor programs, small and reading only,
   pay little of it. `make bench` prints it first, as context for the rows (issue 19). */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(void) {
    const size_t size = (size_t)256 << 20;
    unsigned char *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) { fprintf(stderr, "fresh-memory: cannot map 256 MiB\n"); return 71; }
    madvise(memory, size, MADV_NOHUGEPAGE);
    double start = seconds();
    memset(memory, 1, size);
    double first = seconds();
    memset(memory, 2, size);
    double again = seconds();
    /* Read back one byte so the compiler keeps both passes. */
    printf("%.4f %.4f %d\n", first - start, again - first, memory[size / 2]);
    return 0;
}

/* What this machine charges for memory a process touches for the first time: 256 MiB written in 4 KiB pages,
   256 MiB more in 2 MiB pages (transparent huge pages, as Quire's heap policy asks for them), then the first block
   again; each pass timed. A first pass always costs its page faults and zeroing (on this project's bench machine,
   with memory at hand: about 140 ms in 4 KiB pages, 31 ms in 2 MiB pages). On a virtual machine whose free memory
   is reported back to the host (virtio-balloon free page reporting, which hands back free 2 MiB blocks), a page the
   host took back must be faulted in again by the host: the bench machine took 2 s for the huge pages after a quiet
   spell. Every bench row that grows a heap or writes files pays this; the floor programs, small and reading only,
   hardly do. `make bench` prints it first, as context for the rows (issue 19). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Maps `size` bytes, in huge pages or not, and writes them once: the seconds it took; the mapping in *memory. */
static double first_touch(size_t size, int huge, unsigned char **memory) {
    *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (*memory == MAP_FAILED) { fprintf(stderr, "fresh-memory: cannot map 256 MiB\n"); exit(71); }
    madvise(*memory, size, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
    double start = seconds();
    memset(*memory, 1, size);
    return seconds() - start;
}

int main(void) {
    const size_t size = (size_t)256 << 20;
    unsigned char *small, *huge;
    double small_first = first_touch(size, 0, &small);
    double huge_first = first_touch(size, 1, &huge);
    double start = seconds();
    memset(small, 2, size);
    double again = seconds() - start;
    /* Read back a byte of each so the compiler keeps every pass. */
    printf("%.4f %.4f %.4f %d\n", small_first, huge_first, again, small[size / 2] + huge[size / 2]);
    return 0;
}

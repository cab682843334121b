/* The file system's floor for an `-o DIR` run: the same files (names, bytes, subfolders) as a folder Quire wrote,
   created again in a new folder on the same disk, the way the least a writer can do it: every file already in
   memory, one thread per core taking the next file, one openat(O_CREAT|O_EXCL), write and close each, no fsync.
   Prints the seconds that took and the number of files. What an `-o DIR` run costs beyond its standard-output twin
   can be compared with this: it is the machine's price of creating the files, not Quire's (issue 19).

   usage: files-floor SOURCE DESTINATION   (DESTINATION must not exist; it is left for the caller to remove) */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct file { char *name; size_t folder; char *bytes; size_t size; };
static struct file *files;
static size_t file_count, file_room;
/* Folders by path relative to the destination, parents before children; folder 0 is the destination itself. */
static char **folders;
static int *folder_fds;
static size_t folder_count, folder_room;
static atomic_size_t next_file;
static atomic_int failed;

static void *checked(void *p) {
    if (!p) { fprintf(stderr, "files-floor: out of memory\n"); exit(71); }
    return p;
}

static void read_whole(const char *path, struct file *f) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) { fprintf(stderr, "files-floor: cannot read %s\n", path); exit(66); }
    f->size = (size_t)info.st_size;
    f->bytes = checked(malloc(f->size ? f->size : 1));
    for (size_t done = 0; done < f->size;) {
        ssize_t n = read(fd, f->bytes + done, f->size - done);
        if (n <= 0) { fprintf(stderr, "files-floor: cannot read %s\n", path); exit(66); }
        done += (size_t)n;
    }
    close(fd);
}

static size_t add_folder(const char *relative) {
    if (folder_count == folder_room) {
        folder_room = folder_room ? folder_room * 2 : 64;
        folders = checked(realloc(folders, folder_room * sizeof *folders));
    }
    folders[folder_count] = checked(strdup(relative));
    return folder_count++;
}

/* Reads every regular file under SOURCE/relative (subfolders too: Quire's `assets/`, a batch's book folders), in
   name order, hidden ones too (a batch book's `.quire-batch.json`). */
static void load(const char *source, const char *relative) {
    size_t folder = add_folder(relative);
    char path[8192];
    snprintf(path, sizeof path, "%s%s%s", source, *relative ? "/" : "", relative);
    struct dirent **entries;
    int count = scandir(path, &entries, NULL, alphasort);
    if (count < 0) { fprintf(stderr, "files-floor: cannot list %s\n", path); exit(66); }
    for (int i = 0; i < count; i++) {
        const char *name = entries[i]->d_name;
        char full[16384], inner[8192];
        snprintf(full, sizeof full, "%s/%s", path, name);
        snprintf(inner, sizeof inner, "%s%s%s", relative, *relative ? "/" : "", name);
        struct stat info;
        if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0 && lstat(full, &info) == 0) {
            if (S_ISDIR(info.st_mode)) {
                load(source, inner);
            } else if (S_ISREG(info.st_mode)) {
                if (file_count == file_room) {
                    file_room = file_room ? file_room * 2 : 4096;
                    files = checked(realloc(files, file_room * sizeof *files));
                }
                struct file *f = &files[file_count++];
                f->name = checked(strdup(name));
                f->folder = folder;
                read_whole(full, f);
            }
        }
        free(entries[i]);
    }
    free(entries);
}

static void *writer(void *unused) {
    (void)unused;
    for (;;) {
        size_t i = atomic_fetch_add(&next_file, 1);
        if (i >= file_count) return NULL;
        struct file *f = &files[i];
        int fd = openat(folder_fds[f->folder], f->name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 || write(fd, f->bytes, f->size) != (ssize_t)f->size || close(fd) != 0) atomic_store(&failed, 1);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: files-floor SOURCE DESTINATION\n"); return 64; }
    load(argv[1], "");
    folder_fds = checked(calloc(folder_count, sizeof *folder_fds));
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    if (mkdir(argv[2], 0777) != 0 || (folder_fds[0] = open(argv[2], O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
        fprintf(stderr, "files-floor: cannot create %s\n", argv[2]);
        return 73;
    }
    for (size_t i = 1; i < folder_count; i++) {
        if (mkdirat(folder_fds[0], folders[i], 0777) != 0
            || (folder_fds[i] = openat(folder_fds[0], folders[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
            fprintf(stderr, "files-floor: cannot create %s/%s\n", argv[2], folders[i]);
            return 73;
        }
    }
    pthread_t pool[64];
    for (int t = 0; t < threads; t++) pthread_create(&pool[t], NULL, writer, NULL);
    for (int t = 0; t < threads; t++) pthread_join(pool[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (atomic_load(&failed)) { fprintf(stderr, "files-floor: a file could not be written\n"); return 73; }
    printf("%.4f %zu\n", (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9, file_count);
    return 0;
}

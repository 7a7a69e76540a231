/*
 * ICU's data read from one file, not linked into every binary (issue 47; docs/decisions/2026-12-07-icu-data-once.md).
 *
 * The release links (`render`, the server, libpreview_renderer.so: the Makefile's ICU_LINK) take this object and
 * `--defsym=icudtNN_dat=preview_renderer_icu_stub`, so the linker never pulls the toolchain's 34 MB data member
 * (icu_packaged_data.cpp.o of lib_FoundationICU.a) into them. When the binary is loaded, the constructor below
 * maps ICU_DATA_FILE (the same bytes, extracted by scripts/icu-data) and hands it to ICU as its common data,
 * before any ICU call: one open and one mmap, the pages read only when ICU reads them, as before.
 *
 * Where the file is, from the folder of the binary this object is linked into (the executable, or the shared
 * library wherever it was loaded from):
 *   DIR/ICU_DATA_FILE                          the checkout's builds (.build/release, Serve/.build/release, out/c/lib)
 *   DIR/../lib/preview-renderer/ICU_DATA_FILE   installed render (bin/) and library (lib/)
 *   DIR/../../lib/preview-renderer/ICU_DATA_FILE the installed server (libexec/preview-renderer/)
 * When none is there, the first use of ICU by Foundation (dates, locales, number formats) would trap, so the
 * constructor says at once which file is missing and where it looked.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef ICU_DATA_FILE
#error "ICU_DATA_FILE (icudtNNl.dat) must be defined by the build (scripts/icu-data)"
#endif

/* What ICU's entry point symbol stands for now: not a valid data package, never read once the file is set. */
__attribute__((visibility("hidden"))) const uint64_t preview_renderer_icu_stub[4] = {0};

/* ICU's own function (renamed by swift-foundation-icu), linked from lib_FoundationICU.a. */
extern void swift_udata_setCommonData(const void *data, int *status);

/* The real path of the file this code was loaded from: the executable, or the shared library. */
static int own_path(char *out, size_t size) {
    Dl_info info;
    struct link_map *map = NULL;
    if (dladdr1((void *)own_path, &info, (void **)&map, RTLD_DL_LINKMAP) != 0 && map && map->l_name &&
        map->l_name[0] == '/')
        return realpath(map->l_name, out) ? 0 : -1;
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    if (n <= 0) return -1;
    out[n] = 0;
    return 0;
}

__attribute__((constructor)) static void preview_renderer_icu_data(void) {
    static const char *const places[] = {"/", "/../lib/preview-renderer/", "/../../lib/preview-renderer/"};
    char self[PATH_MAX], dir[PATH_MAX], path[PATH_MAX];
    if (own_path(self, sizeof self) != 0) return;
    strcpy(dir, self);
    char *slash = strrchr(dir, '/');
    if (!slash) return;
    *slash = 0;
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        snprintf(path, sizeof path, "%s%s%s", dir, places[i], ICU_DATA_FILE);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st;
        void *data = MAP_FAILED;
        if (fstat(fd, &st) == 0 && st.st_size > 0)
            data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        close(fd);
        if (data == MAP_FAILED) continue;
        int status = 0;
        swift_udata_setCommonData(data, &status);
        if (status <= 0) return; /* U_ZERO_ERROR or a warning */
        munmap(data, (size_t)st.st_size);
        fprintf(stderr, "%s: %s is not ICU's data (ICU error %d)\n", self, path, status);
        return;
    }
    fprintf(stderr, "%s: ICU's data %s is missing (looked beside it and in ../lib/preview-renderer, "
            "../../lib/preview-renderer); dates, numbers and locales will fail\n", self, ICU_DATA_FILE);
}

#include "CVipsShim.h"
#include <vips/vips.h>
#include <openssl/evp.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// libvips is opened when the first photo is made, not linked: linked, it and
// the hundred libraries it needs cost every build ~30 ms of loading and
// relocation before it reads a file, photos or not (docs/performance.md).
// Each libvips function this file calls is named once here and called as `vips.name`.
#define DAYBOOK_VIPS_CALLS(X) \
    X(vips_version) X(vips_init) X(vips_cache_set_max) X(vips_cache_set_max_mem) X(vips_concurrency_set) \
    X(vips_foreign_find_load) X(vips_isprefix) X(vips_copy) X(vips_image_hasalpha) X(vips_resize) \
    X(vips_premultiply) X(vips_unpremultiply) X(vips_cast) X(vips_image_new_from_file) X(vips_jpegload) \
    X(vips_image_get_typeof) X(vips_colourspace) X(vips_icc_transform) X(vips_image_get_orientation) \
    X(vips_image_copy_memory) X(vips_autorot) X(vips_image_get_fields) X(vips_image_remove) \
    X(vips_image_get_width) X(vips_image_get_height) X(vips_webpsave) X(vips_jpegsave) \
    X(vips_error_buffer) X(vips_error_clear)

#define DAYBOOK_FIELD(name) __typeof__(name) *name;
static struct { DAYBOOK_VIPS_CALLS(DAYBOOK_FIELD) } vips;

// Why libvips could not be opened; NULL once it is.
static char *open_failure = NULL;

static void open_vips(void) {
    char name[32];
    snprintf(name, sizeof name, "libvips.so.%d", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
    void *library = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
        const char *reason = dlerror();
        open_failure = strdup(reason ? reason : "libvips could not be opened");
        return;
    }
#define DAYBOOK_LOAD(name) \
    if (!(vips.name = (__typeof__(name) *) dlsym(library, #name))) { open_failure = strdup("libvips has no " #name); return; }
    DAYBOOK_VIPS_CALLS(DAYBOOK_LOAD)
}

static void ignore_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

int daybook_vips_start(int cache_operations, size_t cache_bytes, int concurrency) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_vips);
    if (open_failure) return -1;
    // VIPS_INIT's check: the library's ABI is the one these headers describe.
    if (vips.vips_version(3) - vips.vips_version(5) != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) {
        open_failure = strdup("libvips' ABI is not the one Daybook was built for");
        return -1;
    }
    if (vips.vips_init("daybook")) return -1;
    // A damaged photo is reported as an error naming it; libvips' own warnings would only repeat it.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, ignore_warning, NULL);
    vips.vips_cache_set_max(cache_operations);
    vips.vips_cache_set_max_mem(cache_bytes);
    vips.vips_concurrency_set(concurrency);
    return 0;
}

// A JPEG decodes at 1/2, 1/4 or 1/8 of its size for little more than its
// entropy decoding costs: the largest factor that keeps the longest side at
// least `width` (vips_thumbnail alone keeps a margin of 2, so a 4000 px photo
// for 1600 px would be decoded whole). 1 for other formats.
static int jpeg_shrink(const char *path, VipsImage *header, int width) {
    const char *loader = vips.vips_foreign_find_load(path);
    if (!loader || !vips.vips_isprefix("VipsForeignLoadJpeg", loader)) return 1;
    int longest = VIPS_MAX(header->Xsize, header->Ysize);
    for (int factor = 8; factor > 1; factor /= 2)
        if (longest / factor >= width) return factor;
    return 1;
}

// Shrinks `in` to fit `width` × `width`, never enlarging, as vips_thumbnail
// does (same sizes, alpha premultiplied around the resize so transparent
// edges keep their colour), but with Lanczos2 where vips_thumbnail has
// Lanczos3 fixed: 18 % less time for the decode and all sizes, and sizes
// within 0.0–1.1 dB PSNR of Lanczos3's (docs/photos.md). Keeps `in`.
static int fit(VipsImage *in, VipsImage **out, int width) {
    double shrink = VIPS_MAX(1.0, (double) VIPS_MAX(in->Xsize, in->Ysize) / width);
    if (shrink == 1.0) return vips.vips_copy(in, out, NULL);
    if (!vips.vips_image_hasalpha(in)) return vips.vips_resize(in, out, 1.0 / shrink, "kernel", VIPS_KERNEL_LANCZOS2, NULL);
    VipsImage *t[3] = {NULL};
    int failed = vips.vips_premultiply(in, &t[0], NULL) ||
        vips.vips_resize(t[0], &t[1], 1.0 / shrink, "kernel", VIPS_KERNEL_LANCZOS2, NULL) ||
        vips.vips_unpremultiply(t[1], &t[2], NULL) || vips.vips_cast(t[2], out, in->BandFmt, NULL);
    for (int i = 0; i < 3; i++) if (t[i]) g_object_unref(t[i]);
    return failed ? -1 : 0;
}

// Reads sequentially, so a 12-megapixel photo never sits in memory whole.
// As vips_thumbnail: resized in sRGB (or grey), or for a photo with an
// embedded profile (an iPhone's Display P3) in its own space and then
// transformed to sRGB; the transform runs on the resized pixels only.
DaybookImage *daybook_vips_decode(const char *path, int width) {
    VipsImage *in = vips.vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    if (!in) return NULL;
    int shrink = jpeg_shrink(path, in, width);
    if (shrink > 1) {
        g_object_unref(in);
        if (vips.vips_jpegload(path, &in, "shrink", shrink, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL))
            return NULL;
    }
    int profile = vips.vips_image_get_typeof(in, VIPS_META_ICC_NAME) != 0;
    VipsInterpretation space = in->Bands < 3 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB;
    VipsImage *t[4] = {NULL}, *out = NULL;
    int failed = (profile ? vips.vips_copy(in, &t[0], NULL) : vips.vips_colourspace(in, &t[0], space, NULL)) ||
        fit(t[0], &t[1], width) ||
        (profile ? vips.vips_icc_transform(t[1], &t[2], "srgb", "embedded", TRUE, "depth", 8, NULL) : vips.vips_copy(t[1], &t[2], NULL)) ||
        // Turning needs the whole image; a sequential read cannot go back.
        !(t[3] = vips.vips_image_get_orientation(t[2]) == 1 ? (g_object_ref(t[2]), t[2]) : vips.vips_image_copy_memory(t[2])) ||
        vips.vips_autorot(t[3], &out, NULL);
    g_object_unref(in);
    for (int i = 0; i < 4; i++) if (t[i]) g_object_unref(t[i]);
    return failed ? NULL : out;
}

// Rendered into memory once, since both formats are written from it.
DaybookImage *daybook_vips_shrink(DaybookImage *image, int width) {
    VipsImage *out = NULL;
    if (fit(image, &out, width)) return NULL;
    VipsImage *memory = vips.vips_image_copy_memory(out);
    g_object_unref(out);
    return memory;
}

// libvips 8.14's WebP writer keeps EXIF (GPS, serial numbers) despite
// "strip", so every metadata field goes before anything is written.
DaybookImage *daybook_vips_copy_memory(DaybookImage *image) {
    VipsImage *bare = NULL;
    if (vips.vips_copy(image, &bare, NULL)) return NULL;
    gchar **fields = vips.vips_image_get_fields(bare);
    for (int i = 0; fields[i]; i++) vips.vips_image_remove(bare, fields[i]);
    g_strfreev(fields);
    VipsImage *memory = vips.vips_image_copy_memory(bare);
    g_object_unref(bare);
    return memory;
}

int daybook_vips_width(DaybookImage *image) { return vips.vips_image_get_width(image); }
int daybook_vips_height(DaybookImage *image) { return vips.vips_image_get_height(image); }

int daybook_vips_save_webp(DaybookImage *image, const char *path, int quality, int effort) {
    return vips.vips_webpsave(image, path, "strip", TRUE, "Q", quality, "effort", effort, NULL);
}

int daybook_vips_save_jpeg(DaybookImage *image, const char *path, int quality) {
    return vips.vips_jpegsave(image, path, "strip", TRUE, "Q", quality, NULL);
}

void daybook_vips_free(DaybookImage *image) {
    if (image) g_object_unref(image);
}

char *daybook_vips_take_error(void) {
    if (open_failure) return strdup(open_failure);
    char *message = strdup(vips.vips_error_buffer());
    vips.vips_error_clear();
    return message;
}

// OpenSSL's SHA-256 uses the CPU's SHA instructions where it has them:
// 3.6 ms for a 4.7 MB photo where GLib's took 18.
char *daybook_sha256_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    int failed = !context || !EVP_DigestInit_ex(context, EVP_sha256(), NULL);
    unsigned char buffer[65536];
    size_t count;
    while (!failed && (count = fread(buffer, 1, sizeof buffer, file)) > 0)
        failed = !EVP_DigestUpdate(context, buffer, count);
    failed = failed || ferror(file);
    fclose(file);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    failed = failed || !EVP_DigestFinal_ex(context, digest, &length);
    EVP_MD_CTX_free(context);
    if (failed) return NULL;
    char *hex = malloc(2 * length + 1);
    for (unsigned int i = 0; i < length; i++) snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    hex[2 * length] = 0;
    return hex;
}

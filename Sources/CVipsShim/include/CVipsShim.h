// Fixed-argument wrappers around libvips: Swift cannot call C variadic
// functions (most of libvips' API), and VIPS_INIT is a macro.
#ifndef DAYBOOK_VIPS_SHIM_H
#define DAYBOOK_VIPS_SHIM_H

#include <stddef.h>

typedef struct _VipsImage DaybookImage;

/// Starts libvips once with a bounded operation cache and worker count; 0 on success.
int daybook_vips_start(int cache_operations, size_t cache_bytes, int concurrency);

/// Decodes `path`, rotated upright by its EXIF orientation, shrunk to fit
/// `width` × `width` pixels (never enlarged), colour converted to sRGB. A
/// JPEG is shrunk while it is decoded. NULL on failure.
DaybookImage *daybook_vips_decode(const char *path, int width);

/// The same from an image already in memory (the largest size), rendered into memory.
DaybookImage *daybook_vips_shrink(DaybookImage *image, int width);

/// Renders the whole image into memory without any metadata (EXIF, XMP,
/// IPTC, ICC), so that several smaller sizes and formats come from one
/// decode; NULL on failure.
DaybookImage *daybook_vips_copy_memory(DaybookImage *image);

int daybook_vips_width(DaybookImage *image);
int daybook_vips_height(DaybookImage *image);

/// Write `image` to `path` as WebP (with libwebp's `effort`, 0–6) or JPEG,
/// with every piece of metadata stripped; 0 on success.
int daybook_vips_save_webp(DaybookImage *image, const char *path, int quality, int effort);
int daybook_vips_save_jpeg(DaybookImage *image, const char *path, int quality);

void daybook_vips_free(DaybookImage *image);

/// The last error message (empty if none), cleared by the call; free() it.
char *daybook_vips_take_error(void);

/// SHA-256 of a file's bytes as 64 hex digits; NULL when it cannot be read. free() it.
char *daybook_sha256_file(const char *path);

#endif

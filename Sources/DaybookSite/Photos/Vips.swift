import CVipsShim
import Foundation

/// The one place that talks to libvips (through the fixed-argument wrappers
/// of CVipsShim). Safe to call from many threads: libvips is thread-safe
/// once started, and each call works on its own images.
enum Vips {
    /// One size of a processed photo, as written.
    struct Encoded: Sendable, Hashable {
        let width: Int
        let height: Int
    }

    struct Failure: Error, Sendable {
        let message: String
    }

    /// Started once: a small operation cache (a build never decodes a photo
    /// twice) and one worker thread per call, since the build already runs
    /// one call per core.
    private static let started: Bool = daybook_vips_start(50, 32 * 1024 * 1024, 1) == 0

    /// libwebp's effort (0–6). Measured on 1600 px photos at quality 80
    /// (docs/photos.md): 0 encodes 4–5 times faster than libvips' default 4,
    /// with files 4–7 % larger; 1 costs a fifth more for 4 % smaller files,
    /// 3 and up as much as 4.
    static let webpEffort = 0

    /// Decodes `source` once, upright and in sRGB, and writes each width (never
    /// wider than the photo) as WebP and JPEG with no metadata through `write`,
    /// which names the file for a size and a suffix. Sizes that come out the
    /// same (a small photo) are written once.
    static func encode(_ source: String, widths: [Int], quality: Int,
                       path: (Encoded, String) -> String) throws(Failure) -> [Encoded] {
        guard started else { throw Failure(message: "libvips did not start: \(takeError())") }
        let sorted = widths.sorted(by: >)
        guard let largest = sorted.first else { return [] }
        guard let decoded = daybook_vips_decode(source, Int32(largest)) else { throw Failure(message: takeError()) }
        defer { daybook_vips_free(decoded) }
        // In memory, the smaller sizes come from the largest instead of decoding again.
        guard let full = daybook_vips_copy_memory(decoded) else { throw Failure(message: takeError()) }
        defer { daybook_vips_free(full) }
        var results: [Encoded] = []
        for width in sorted {
            guard let image = width == largest ? full : daybook_vips_shrink(full, Int32(width)) else {
                throw Failure(message: takeError())
            }
            defer { if image != full { daybook_vips_free(image) } }
            let size = Encoded(width: Int(daybook_vips_width(image)), height: Int(daybook_vips_height(image)))
            if results.contains(size) { continue }
            guard daybook_vips_save_webp(image, path(size, "webp"), Int32(quality), Int32(webpEffort)) == 0,
                  daybook_vips_save_jpeg(image, path(size, "jpg"), Int32(quality)) == 0
            else { throw Failure(message: takeError()) }
            results.append(size)
        }
        return results.reversed()
    }

    /// SHA-256 of a file, in hex; nil when it cannot be read.
    static func sha256(of path: String) -> String? {
        guard let digest = daybook_sha256_file(path) else { return nil }
        defer { free(digest) }
        return String(cString: digest)
    }

    private static func takeError() -> String {
        guard let message = daybook_vips_take_error() else { return "unknown libvips error" }
        defer { free(message) }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "unknown libvips error" : text
    }
}

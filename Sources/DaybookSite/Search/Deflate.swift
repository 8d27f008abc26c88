import CLibDeflate

/// Raw deflate (RFC 1951), as the browser's `DecompressionStream("deflate-raw")` reads it.
enum Deflate {
    /// libdeflate's level 6: on the search texts of the 10,000-entry diary as
    /// small as zlib's default level, in three quarters of its time.
    static let level: Int32 = 6

    /// nil only if libdeflate cannot allocate its compressor.
    static func raw(_ bytes: [UInt8]) -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        // Room for the worst case, so compressing cannot run out of space.
        let bound = libdeflate_deflate_compress_bound(compressor, bytes.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            count = bytes.withUnsafeBytes { input in
                libdeflate_deflate_compress(compressor, input.baseAddress, input.count, output.baseAddress, bound)
            }
        }
    }
}

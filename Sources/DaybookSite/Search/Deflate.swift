import CLibDeflate

/// Raw deflate (RFC 1951), as the browser's `DecompressionStream("deflate-raw")` reads it.
enum Deflate {
    /// libdeflate's fastest level: on the search texts of the 10,000-entry
    /// diary (8.4 MB of JSON) 48 ms of CPU where level 6 took 155 ms, for
    /// 8 % more bytes (2.06 MB instead of 1.90); in `Z85` that is 2.57 MB of
    /// script where level 6 in base64 was 2.54 MB.
    static let level: Int32 = 1

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

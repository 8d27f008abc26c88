import Foundation
import ZIPFoundation

/// Raw deflate (RFC 1951), as the browser's `DecompressionStream("deflate-raw")` reads it.
enum Deflate {
    /// nil only if zlib fails (out of memory).
    static func raw(_ data: Data) -> Data? {
        var output = Data()
        // zlib through ZIPFoundation, already here for Day One's zips.
        let done = try? Data.compress(size: Int64(data.count), bufferSize: max(data.count, 1024),
                               provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) },
                               consumer: { output.append($0) })
        return done == nil ? nil : output
    }
}

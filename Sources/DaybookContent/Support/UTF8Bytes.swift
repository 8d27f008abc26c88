import Foundation

extension StringProtocol {
    /// Whether the text's UTF-8 holds `byte`: `memchr` over its storage
    /// rather than a generic walk of its UTF-8 view, which costs some
    /// thirty instructions a byte.
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        } ?? utf8.contains(byte)
    }

    /// Calls `body` with the text's UTF-8 bytes in one buffer.
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}

extension Substring {
    /// Where the UTF-8 holds `byte` first at or after `start`: `memchr`
    /// over its storage (`containsByte`).
    func firstIndex(ofByte byte: UInt8, from start: Index) -> Index? {
        let rest = utf8[start...]
        let offset = rest.withContiguousStorageIfAvailable { buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base, Int32(byte), buffer.count) else { return nil }
            return UnsafeRawPointer(base).distance(to: hit)
        }
        guard let offset else { return rest.firstIndex(of: byte) }
        return offset.map { utf8.index(start, offsetBy: $0) }
    }
}

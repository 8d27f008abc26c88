import Crypto
import CryptoExtras
import Foundation

/// The keys of the encrypted part (`private: { publish: encrypted }`), from
/// the passphrase and the site's salt. The browser derives `content` the same
/// way (WebCrypto: PBKDF2-HMAC-SHA256, then AES-256-GCM), and so does the
/// Python reader of docs/privacy.md; the other two never leave the build.
struct SealKey: Sendable {
    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256.
    static let iterations = 600_000
    static let minimumLength = 12

    /// What each file is encrypted with (AES-256-GCM).
    let content: SymmetricKey
    /// The opaque names of the files (HMAC-SHA256): the same item keeps its name, which says nothing of it.
    private let names: SymmetricKey
    /// The plaintext's keyed hash kept in `.daybook-cache/` (HMAC-SHA256): whether an item changed, without keeping its text.
    private let hashes: SymmetricKey

    /// Why a passphrase is refused, or nil. Counted in characters as a person types them.
    static func problem(_ passphrase: String) -> String? {
        let count = passphrase.count
        guard count < minimumLength else { return nil }
        return "the passphrase has \(count) character\(count == 1 ? "" : "s"); at least \(minimumLength) are needed, since anyone "
            + "with the site's files can try passphrases at their own speed and short ones fall first (docs/privacy.md)"
    }

    /// The passphrase as bytes: Unicode NFC, so that Hangul typed on any keyboard gives the same key.
    static func bytes(_ passphrase: String) -> [UInt8] { Array(passphrase.precomposedStringWithCanonicalMapping.utf8) }

    init(passphrase: String, salt: [UInt8], iterations: Int = SealKey.iterations) throws {
        content = try KDF.Insecure.PBKDF2.deriveKey(from: Self.bytes(passphrase), salt: salt, using: .sha256,
                                                    outputByteCount: 32, rounds: iterations)
        names = HKDF<SHA256>.deriveKey(inputKeyMaterial: content, info: Array("daybook names".utf8), outputByteCount: 32)
        hashes = HKDF<SHA256>.deriveKey(inputKeyMaterial: content, info: Array("daybook hashes".utf8), outputByteCount: 32)
    }

    /// An item's file name: 32 hex digits that only the passphrase's holder can tie to the item.
    func name(of item: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Array(item.utf8), using: names).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// The plaintext's keyed hash, as `.daybook-cache/` keeps it.
    func hash(_ plaintext: [UInt8]) -> String { Data(HMAC<SHA256>.authenticationCode(for: plaintext, using: hashes)).base64EncodedString() }
}

/// Plaintexts are padded to fixed sizes, so a file's size tells only its bucket.
enum SealPadding {
    static let smallest = 1024

    /// The bucket a plaintext of `count` bytes is padded to: the next power of two, at least 1 KiB.
    static func bucket(for count: Int) -> Int {
        var size = smallest
        while size < count { size *= 2 }
        return size
    }

    /// JSON padded with spaces, which every JSON reader skips: the reader needs no length.
    static func padded(_ json: [UInt8]) -> [UInt8] { json + [UInt8](repeating: 0x20, count: bucket(for: json.count) - json.count) }
}

/// What `.daybook-cache/sealed.json` keeps between builds: the salt, and
/// for each file its plaintext's keyed hash and nonce, so that an unchanged
/// item is encrypted to the same bytes again. No plaintext, no key.
struct SealState: Codable, Equatable, Sendable {
    struct Kept: Codable, Equatable, Sendable {
        let hash: String
        let nonce: String
    }

    var salt: String
    var iterations: Int
    var files: [String: Kept]

    static func fresh() -> SealState {
        SealState(salt: Data((0..<16).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString(), iterations: SealKey.iterations, files: [:])
    }

    var saltBytes: [UInt8] { Array(Data(base64Encoded: salt) ?? Data()) }

    /// The nonce rule: a file keeps the last build's nonce only when its plaintext is the same (then so is the ciphertext);
    /// any other plaintext gets a fresh random nonce, so no nonce ever encrypts two different plaintexts under a key.
    static func nonce(kept: Kept?, hash: String) -> [UInt8]? {
        guard let kept, kept.hash == hash, let nonce = Data(base64Encoded: kept.nonce), nonce.count == 12 else { return nil }
        return Array(nonce)
    }

    static func read(_ path: String, io: FileIO) -> SealState? {
        guard let text = io.text(path), let state = try? JSONDecoder().decode(SealState.self, from: Data(text.utf8)),
              state.saltBytes.count == 16, state.iterations >= SealKey.iterations else { return nil }
        return state
    }

    func write(_ path: String, io: FileIO) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try io.createFolders((path as NSString).deletingLastPathComponent)
        try io.replace(path, with: Array(try encoder.encode(self)))
    }
}

/// Encrypts the files of one build, each under its id (its name, or `index`
/// and `check`), bound to it as associated data so that no file can pass for another.
struct Sealer {
    let key: SealKey
    private let kept: [String: SealState.Kept]
    /// What this build encrypted: the next build's `kept`.
    private(set) var made: [String: SealState.Kept] = [:]

    init(key: SealKey, kept: [String: SealState.Kept]) {
        self.key = key
        self.kept = kept
    }

    /// `nonce ‖ ciphertext ‖ tag` of the padded plaintext.
    mutating func seal(_ json: [UInt8], as id: String) throws -> [UInt8] {
        let plaintext = SealPadding.padded(json)
        let hash = key.hash(plaintext)
        let nonce = try SealState.nonce(kept: kept[id], hash: hash).map { try AES.GCM.Nonce(data: $0) } ?? AES.GCM.Nonce()
        let box = try AES.GCM.seal(plaintext, using: key.content, nonce: nonce, authenticating: Array(id.utf8))
        made[id] = SealState.Kept(hash: hash, nonce: Data(nonce).base64EncodedString())
        return Array(box.combined!)
    }

    /// Reads a file back (the tests, and the reader's rule: the same id as associated data).
    static func open(_ file: [UInt8], as id: String, key: SymmetricKey) throws -> [UInt8] {
        Array(try AES.GCM.open(try AES.GCM.SealedBox(combined: file), using: key, authenticating: Array(id.utf8)))
    }
}

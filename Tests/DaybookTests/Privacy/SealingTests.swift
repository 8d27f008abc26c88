@testable import DaybookSite
import Foundation
import Testing

/// The rules of the encrypted part (docs/privacy.md) that need no browser:
/// padding to buckets, the nonce rule, an unchanged item keeping its
/// ciphertext, ids bound to files, and the passphrase's errors.
/// (Tests/site/test_privacy.py reads the files back with Python's `cryptography`.)
@Suite struct SealingTests {
    @Test func plaintextsArePaddedToPowersOfTwoFromOneKiB() throws {
        #expect([0, 1, 1024].map(SealPadding.bucket(for:)) == [1024, 1024, 1024])
        #expect([1025, 2048, 2049, 5000, 70_000].map(SealPadding.bucket(for:)) == [2048, 2048, 4096, 8192, 131_072])
        let json = Array(#"{"title":"a"}"#.utf8)
        let padded = SealPadding.padded(json)
        #expect(padded.count == 1024)
        #expect(Array(padded.prefix(json.count)) == json)
        #expect(padded.dropFirst(json.count).allSatisfy { $0 == 0x20 })
        let read = try JSONSerialization.jsonObject(with: Data(padded)) as? [String: String]
        #expect(read == ["title": "a"])
    }

    @Test func aNonceIsKeptOnlyForTheSamePlaintext() {
        let nonce = Data((0..<12).map { UInt8($0) })
        let kept = SealState.Kept(hash: "h1", nonce: nonce.base64EncodedString())
        #expect(SealState.nonce(kept: kept, hash: "h1") == Array(nonce))
        #expect(SealState.nonce(kept: kept, hash: "h2") == nil)
        #expect(SealState.nonce(kept: nil, hash: "h1") == nil)
        // A damaged cache never gives a short nonce.
        #expect(SealState.nonce(kept: SealState.Kept(hash: "h1", nonce: "AAEC"), hash: "h1") == nil)
    }

    @Test func anUnchangedFileKeepsItsCiphertextAndAChangedOneGetsANewNonce() throws {
        let state = SealState.fresh()
        let key = try SealKey(passphrase: "correct horse battery staple", salt: state.saltBytes, iterations: 210_000)
        var first = Sealer(key: key, kept: [:])
        let a = try first.seal(Array(#"{"text":"one"}"#.utf8), as: "aaaa")
        let b = try first.seal(Array(#"{"text":"two"}"#.utf8), as: "bbbb")
        // The next build, with what the first kept.
        var second = Sealer(key: key, kept: first.made)
        #expect(try second.seal(Array(#"{"text":"one"}"#.utf8), as: "aaaa") == a)
        let b2 = try second.seal(Array(#"{"text":"two, edited"}"#.utf8), as: "bbbb")
        #expect(b2.prefix(12) != b.prefix(12))
        #expect(second.made["aaaa"] == first.made["aaaa"])
        #expect(second.made["bbbb"]?.nonce != first.made["bbbb"]?.nonce)
        // Each file opens under its own id only: no file passes for another.
        let opened = try Sealer.open(b2, as: "bbbb", key: key.content)
        #expect(String(decoding: opened, as: UTF8.self).trimmingCharacters(in: .whitespaces) == #"{"text":"two, edited"}"#)
        #expect(throws: (any Error).self) { try Sealer.open(b2, as: "aaaa", key: key.content) }
        var changed = b2
        changed[20] ^= 1
        #expect(throws: (any Error).self) { try Sealer.open(changed, as: "bbbb", key: key.content) }
    }

    @Test func namesAreOpaqueAndStable() throws {
        let salt = SealState.fresh().saltBytes
        let key = try SealKey(passphrase: "correct horse battery staple", salt: salt, iterations: 210_000)
        let name = key.name(of: "diary/2026/2026-11-20.md")
        #expect(name.count == 32 && name.allSatisfy(\.isHexDigit))
        #expect(key.name(of: "diary/2026/2026-11-20.md") == name)
        #expect(key.name(of: "diary/2026/2026-11-21.md") != name)
        let other = try SealKey(passphrase: "another passphrase entirely", salt: salt, iterations: 210_000)
        #expect(other.name(of: "diary/2026/2026-11-20.md") != name)
    }

    @Test func passphrasesUnderTwelveCharactersAreRefusedWithAReason() {
        #expect(SealKey.problem("twelve chars") == nil)
        #expect(SealKey.problem("한글로 된 열두 글자 암호") == nil)
        let problem = SealKey.problem("eleven char")
        #expect(problem?.hasPrefix("the passphrase has 11 characters; at least 12 are needed") == true)
    }

    @Test func encryptionWithoutAPassphraseIsAnErrorAtTheSetting() throws {
        let site = try TestSite([
            "content/site.yml": "title: T\nprivate:\n  publish: encrypted\n",
            "content/diary/2026/2026-11-20.md": "---\ntitle: Secret\nprivate: true\n---\nHidden.\n",
        ])
        let errors = site.failingBuild()
        #expect(errors.map(\.location) == [SourceLocation(path: "content/site.yml", line: 3, column: 12)])
        #expect(errors.first?.message == "private items are published encrypted, but no passphrase was given")
        #expect(!site.io.exists(site.output.path))
    }

    /// What links here once unlocked: each page a private item links to lists it once, with its first link's sentence,
    /// in the order the pages were first linked; a link of an item to its own page lists nothing.
    @Test func eachLinkedPageListsEachPrivateItemOnce() {
        let walk = SitePath("diary/2026/2026-11-20/"), recipes = SitePath("pages/recipes/")
        let entry = SitePath("diary/2024/2024-11-23-bell/"), page = SitePath("pages/secret/")
        let found = SealedDocument.linksHere([
            (id: "a", links: [Backlinks.Link(from: entry, to: walk, sentence: "First."), Backlinks.Link(from: entry, to: walk, sentence: "Again."),
                              Backlinks.Link(from: entry, to: entry, sentence: "Myself.")]),
            (id: "b", links: [Backlinks.Link(from: page, to: recipes, sentence: "Soup."), Backlinks.Link(from: page, to: walk, sentence: "Rain.")]),
        ])
        #expect(found == [
            SealedDocument.LinksHere(page: walk.value, from: [SealedDocument.Linker(id: "a", sentence: "First."), SealedDocument.Linker(id: "b", sentence: "Rain.")]),
            SealedDocument.LinksHere(page: recipes.value, from: [SealedDocument.Linker(id: "b", sentence: "Soup.")]),
        ])
    }
}

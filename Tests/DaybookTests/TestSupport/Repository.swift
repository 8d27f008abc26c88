import Foundation

/// The repository's root, for the tests that read its files: the sample
/// site, the theme, the sources, `Tests/Samples`.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

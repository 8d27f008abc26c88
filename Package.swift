// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Daybook",
    // Linux only: `serve` watches files with inotify and the output writer
    // calls Glibc directly, so no Apple platform is claimed.
    products: [
        .executable(name: "daybook", targets: ["daybook"]),
        // For the libFuzzer targets in Fuzz/ (scripts/fuzz).
        .library(name: "DaybookSite", targets: ["DaybookSite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // TOML front matter (Hugo's `+++`).
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Day One's export .zip, read without unzipping it.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Encrypted publishing of private items (docs/privacy.md): AES-GCM from
        // Crypto, PBKDF2 from CryptoExtras (BoringSSL on Linux).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Only for scripts/template-tables and its test, which write and check the
        // view models' field tables; Daybook itself builds without it (what it
        // cost a clean build: docs/performance.md, "Template data: generated, not a macro").
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // libcmark-gfm from Debian; only DaybookSite/Render/Markdown.swift imports it.
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // libvips from Debian, and fixed-argument wrappers of its variadic calls;
        // only DaybookSite/Photos/Vips.swift imports them. The C flags are
        // GObject's (the GLib headers vips' include), not vips.pc's: its private
        // requirements (OpenEXR, gmodule) add `-pthread`, which SwiftPM drops
        // with a "prohibited flag" warning on every build. libvips itself is not
        // linked: the shim opens it (dlopen) when the first photo is made.
        .systemLibrary(name: "CVips", pkgConfig: "gobject-2.0", providers: [.apt(["libvips-dev", "libssl-dev"])]),
        // The shim also hashes photos with OpenSSL's libcrypto (libssl-dev, which libvips-dev pulls in).
        .target(name: "CVipsShim", dependencies: ["CVips"], linkerSettings: [.linkedLibrary("crypto")]),
        // libdeflate from Debian (libvips-dev pulls it in too); only DaybookSite/Search/Deflate.swift imports it.
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Everything Daybook does, one folder per feature (Diary, Vocab, Workouts,
        // Routines, Pages, Calendar, …) over Core, Support and Render: each
        // kind's parsing, rules and pages live together. One module rather than
        // a target per kind: measured in docs/performance.md ("Why one module").
        .target(
            name: "DaybookSite",
            dependencies: [
                "Yams", "TOMLKit", "ZIPFoundation", "CMarkGFM", "CVipsShim", "CLibDeflate",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            plugins: ["EmbedThemePlugin"]
        ),
        // Reads the view models (types that conform to TemplateData) off the
        // sources and writes their field tables (scripts/template-tables).
        .target(
            name: "TemplateTables",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "template-tables", dependencies: ["TemplateTables"]),
        .executableTarget(
            name: "daybook",
            dependencies: [
                "DaybookSite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Only for `daybook serve`.
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            // mimalloc from Debian (libmimalloc-dev) replaces glibc's malloc for
            // the whole process: linked before libc, its malloc and free are the
            // ones every library calls. Swift allocates and frees many small
            // objects from two threads; measured on the bench corpora, glibc's
            // malloc made 100,000 entries 1.5 × slower than mimalloc does.
            linkerSettings: [.linkedLibrary("mimalloc")]
        ),
        // Build tool that embeds themes/default into the binary.
        .executableTarget(name: "EmbedTheme", path: "Sources/EmbedTheme"),
        .plugin(name: "EmbedThemePlugin", capability: .buildTool(), dependencies: ["EmbedTheme"]),
        .testTarget(
            name: "DaybookTests",
            dependencies: [
                "DaybookSite",
                // TemplateTablesTests: the checked-in field tables are up to date.
                "TemplateTables",
                .product(name: "PropertyBased", package: "swift-property-based"),
                // To make Day One export zips.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// swift-tools-version:6.0
// libFuzzer targets for Daybook's parsers, kept out of the main build and
// `swift test`. Run them with `scripts/fuzz TARGET SECONDS` (see docs/limits.md).
import PackageDescription

let parsers = ["FrontMatter", "Deck", "Reviews", "SetNotation", "Routines", "SiteConfig", "DayOne", "Inbox"]

let package = Package(
    name: "DaybookFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Daybook", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "DaybookSite", package: "Daybook")]),
    ] + parsers.map { name in
        .executableTarget(
            name: "Fuzz\(name)",
            dependencies: ["FuzzSupport", .product(name: "DaybookSite", package: "Daybook")],
            // One file with @main each (FuzzSupport starts libFuzzer).
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
)

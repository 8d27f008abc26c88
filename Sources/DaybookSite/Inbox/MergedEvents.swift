import Foundation

/// Which of the phone's events are merged into the content (docs/phone.md, issue
/// 40): the ids of the lines of `content/inbox/merged/`. The site publishes
/// them as `inbox-merged.json`, so that a phone that opens a build holding
/// its sent events drops them by itself. An id is a device and a counter
/// (`7f3a2c-41`), so each device's counters are written as ranges: a year of
/// a phone's events is a few numbers.
struct MergedEvents: Sendable, Equatable {
    /// Each device's merged counters, as sorted, separate ranges.
    private(set) var devices: [String: [ClosedRange<Int>]] = [:]
    /// Ids not of the form `device-counter` (made by other tools), as they are.
    private(set) var others: [String] = []

    init(ids: Set<String>) {
        var counters: [String: [Int]] = [:]
        for id in ids {
            if let (device, counter) = Self.split(id) { counters[device, default: []].append(counter) } else { others.append(id) }
        }
        others.sort()
        devices = counters.mapValues(Self.ranges)
    }

    /// `7f3a2c-41` → ("7f3a2c", 41); nil unless the counter is written as a number is (no sign, no leading zero).
    static func split(_ id: String) -> (String, Int)? {
        guard let dash = id.lastIndex(of: "-") else { return nil }
        let device = id[..<dash], digits = id[id.index(after: dash)...]
        guard !device.isEmpty, let counter = Int(digits), counter >= 0, String(counter) == digits else { return nil }
        return (String(device), counter)
    }

    static func ranges(_ numbers: [Int]) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for number in Set(numbers).sorted() {
            if let last = ranges.last, last.upperBound + 1 == number {
                ranges[ranges.count - 1] = last.lowerBound...number
            } else {
                ranges.append(number...number)
            }
        }
        return ranges
    }

    func contains(_ id: String) -> Bool {
        guard let (device, counter) = Self.split(id) else { return others.contains(id) }
        return devices[device]?.contains { $0.contains(counter) } ?? false
    }

    /// `{"devices":{"7f3a2c":[[1,45],[47,47]]},"ids":[],"v":1}`: what phone.js reads.
    var json: [UInt8] {
        struct File: Encodable {
            let v = 1
            let devices: [String: [[Int]]]
            let ids: [String]
        }
        let file = File(devices: devices.mapValues { $0.map { [$0.lowerBound, $0.upperBound] } }, ids: others)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(file)) ?? Data("{}".utf8)) + [0x0A]
    }
}

/// `content/inbox/`: read for the ids merged before; nothing in it is a page.
struct InboxKind: ContentKind {
    init() {}
    var files: [String] { [InboxFolder.folder] }

    func load(_ load: ContentLoad) {
        var ids = Set<String>()
        for path in load.files.relativeFiles(under: InboxFolder.mergedFolder, recursive: false)
        where InboxFolder.isInboxFile(String(path.split(separator: "/").last ?? "")) {
            if let file = load.read(path) { ids.formUnion(InboxParser.ids(Array(file.text.utf8))) }
        }
        load.content.mergedEvents = MergedEvents(ids: ids)
    }

    var derivedData: [any DerivedData.Type] { [MergedEvents.self] }

    func pages(_ site: SiteData) -> [Page] {
        let merged = site[MergedEvents.self]
        return [Page(file: Routes.mergedEvents) { _ in merged.json }]
    }
}

extension MergedEvents: DerivedData {
    static func derive(_ build: Derivation) -> MergedEvents { build.content.mergedEvents }
}

extension InboxKind {
    enum Merged: ContentKey {
        static var empty: MergedEvents { MergedEvents(ids: []) }
    }
}

extension Content {
    var mergedEvents: MergedEvents {
        get { self[InboxKind.Merged.self] }
        set { self[InboxKind.Merged.self] = newValue }
    }
}

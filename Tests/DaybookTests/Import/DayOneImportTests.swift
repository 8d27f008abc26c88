import Foundation
import Testing
import ZIPFoundation
@testable import DaybookSite

/// Day One's JSON export into diary files.
@Suite struct DayOneImportTests {
    static let sample = TrainingImportTests.samples.appendingPathComponent("dayone")

    @Test func backslashEscapesAreUndoneWhereMarkdownDoesNotNeedThem() {
        #expect(DayOneText.unescaped("Done\\. Great\\! (see \\(this\\))") == "Done. Great! (see (this))")
        #expect(DayOneText.unescaped("1\\. not a list\n\\- nor this\na \\- b") == "1\\. not a list\n\\- nor this\na - b")
        #expect(DayOneText.unescaped("\\*kept\\* \\_too\\_") == "\\*kept\\* \\_too\\_")
    }

    @Test func momentsLinkToCopiedFilesOrBecomeANote() {
        let paths = ["AB12": "2024-08-31-0a1b2c3d.jpeg"]
        #expect(DayOneText.linkingMoments("![](dayone-moment://AB12) ![](dayone-moment:\\/\\/AB12) [v](dayone-moment:/video/AB12)", paths: paths).0
                == "![](2024-08-31-0a1b2c3d.jpeg) ![](2024-08-31-0a1b2c3d.jpeg) [v](2024-08-31-0a1b2c3d.jpeg)")
        let (text, missing) = DayOneText.linkingMoments("Look: ![](dayone-moment://CD34) done", paths: paths)
        #expect(text == "Look: (attachment CD34 was not in the export) done")
        #expect(missing == ["CD34"])
    }

    @Test func anEntryKeepsItsOwnTimeZoneWeatherPlaceAndUUID() throws {
        var unknown = Set<String>()
        var bad = BadRows()
        let text = try String(contentsOf: Self.sample.appendingPathComponent("Journal.json"), encoding: .utf8)
        let entries = try DayOneJSON.entries(SourceFile(displayPath: "Journal.json", relativePath: "Journal.json", text: text),
                                             unknown: &unknown, badRows: &bad)
        #expect(entries.count == 3)
        #expect(unknown == ["creationDevice", "modifiedDate", "location.latitude", "location.longitude",
                            "weather.weatherServiceName", "photos[].orderInEntry"],
                "fields not carried over are named, also inside weather, location and photos")
        let file = DayOneText.file(entries[0], body: "# Busan at night\n\nText.")
        #expect(file.hasPrefix("---\ndate: 2024-08-31T21:40:00+09:00\ntitle: \"Busan at night\"\ntags: [\"travel\", \"family\"]\nweather:\n  weatherCode: clear-night\n  temp: 27.4\n  humidity: 81\n  wind: 3\n  location: \"Busan\"\nconditions: \"Clear\"\n"))
        #expect(file.contains("starred: true\ndayone_uuid: A1B2C3D4E5F6478899AABBCCDDEEFF01\n---\n"))
        #expect(entries[1].weatherCode == nil, "'undefined' means no weather")
        #expect(DayOneText.local(entries[2]).0.iso == "2024-08-31", "03:00 UTC is still the 31st in New York")
    }

    /// A temperature of 1e308 once became `temp: 0` without a word.
    @Test func anImpossibleWeatherValueIsLeftOutWithAWarningNamingTheEntry() throws {
        var unknown = Set<String>()
        var bad = BadRows()
        let text = """
        {"entries": [
          {"uuid": "AAA1", "creationDate": "2024-08-31T12:00:00Z", "text": "Hot.",
           "weather": {"weatherCode": "clear", "temperatureCelsius": 1e308, "relativeHumidity": 40, "windSpeedKPH": -3}}
        ]}
        """
        let entries = try DayOneJSON.entries(SourceFile(displayPath: "Journal.json", relativePath: "Journal.json", text: text),
                                             unknown: &unknown, badRows: &bad)
        #expect(bad.items.isEmpty, "the entry is imported")
        #expect(bad.warnings.map { "\($0.location.line) \($0.message)" } == [
            "2 entry 1 (AAA1): weather.temperatureCelsius 1e+308 is not between -90 and 60 °C; left out",
            "2 entry 1 (AAA1): weather.windSpeedKPH -3.0 is not between 0 and 432 km/h; left out",
        ])
        let file = DayOneText.file(entries[0], body: "Hot.")
        #expect(!file.contains("temp:") && !file.contains("wind:"))
        #expect(file.contains("  weatherCode: clear\n  humidity: 40\n"))
    }

    @Test func importingTwiceWritesOnceAndTheSiteBuilds() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let run = { try DayOneImport.run(Self.sample, displayPath: "dayone", content: site.content, contentDisplayName: "content", verify: site.verify) }
        let first = try run()
        #expect(first.added == 3)
        #expect(first.files == ["content/diary/2024/2024-08-31.md", "content/diary/2024/2024-08-31-2.md", "content/diary/2024/2024-08-31-3.md"])
        #expect(FileManager.default.fileExists(atPath: site.content.appendingPathComponent("diary/2024/2024-08-31-2-0a1b2c3d.jpeg").path))
        let second = try run()
        #expect(second.added == 0)
        #expect(second.alreadyImported.count == 3)
        try site.build()
    }

    /// A zip as Day One writes it, made from the sample folder: `Journal.json`
    /// and `photos/` at its top, or below `folder` when given.
    static func zip(_ site: TestSite, folder: String? = nil, journals: [String] = ["Journal.json"]) throws -> URL {
        let url = site.root.appendingPathComponent("export.zip")
        let archive = try Archive(url: url, accessMode: .create)
        let prefix = folder.map { $0 + "/" } ?? ""
        for journal in journals {
            try archive.addEntry(with: prefix + journal, fileURL: sample.appendingPathComponent("Journal.json"), compressionMethod: .deflate)
        }
        try archive.addEntry(with: prefix + "photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg",
                             fileURL: sample.appendingPathComponent("photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg"))
        return url
    }

    @Test func theExportZipIsReadWithoutUnzippingIt() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let zip = try Self.zip(site)
        let first = try DayOneImport.run(zip, displayPath: "export.zip", content: site.content, contentDisplayName: "content", verify: site.verify)
        #expect(first.added == 3)
        let photo = site.content.appendingPathComponent("diary/2024/2024-08-31-2-0a1b2c3d.jpeg")
        #expect(FileManager.default.contents(atPath: photo.path)
                == FileManager.default.contents(atPath: Self.sample.appendingPathComponent("photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg").path))
        let second = try DayOneImport.run(zip, displayPath: "export.zip", content: site.content, contentDisplayName: "content", verify: site.verify)
        #expect(second.added == 0 && second.alreadyImported.count == 3)
        try site.build()
    }

    @Test func everyJournalOfAZipIsReadAndItsPhotosFoundBesideIt() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        // Two journals with the same entries: the uuids make the second one's entries known.
        let zip = try Self.zip(site, folder: "Export", journals: ["Journal.json", "Travel.json"])
        let summary = try DayOneImport.run(zip, displayPath: "export.zip", content: site.content, contentDisplayName: "content",
                                           dryRun: true, verify: site.verify)
        #expect(summary.added == 6, "each journal's entries, before the uuids are written")
        // The sample's second entry links a photo the export lacks; the first one's photo is found beside the journals.
        #expect(summary.warnings.map(\.message).contains("2 attachments not in the export, left as a note in the text"))
    }

    @Test func aBrokenZipIsAnErrorNamingIt() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let zip = site.root.appendingPathComponent("export.zip")
        try Data("not a zip".utf8).write(to: zip)
        #expect(throws: ContentErrors.self) {
            try DayOneImport.run(zip, displayPath: "export.zip", content: site.content, contentDisplayName: "content", verify: site.verify)
        }
    }
}

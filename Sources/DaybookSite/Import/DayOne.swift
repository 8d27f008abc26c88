import Foundation

/// One Day One entry, as its JSON export (`Journal.json`, `entries[]`) has it.
public struct DayOneEntry: Sendable {
    public struct Attachment: Sendable, Hashable {
        /// Photos, videos, audios, pdfAttachments: the folder of the export it is in.
        public var folder: String
        public var identifier: String
        var md5: String
        /// `jpeg`, `png`, `heic`, `mov`, `m4a`, `pdf`…
        var type: String

        /// `photos/<md5>.<type>`, the file of the export.
        public var exportPath: String { "\(folder)/\(md5).\(type)" }

        /// `2024-08-31-0a1b2c3d.jpeg`: its copy beside the entry's file `base`.md.
        public func fileName(base: String) -> String { "\(base)-\(md5.prefix(8)).\(type)" }

        /// File types Day One attaches; `type` becomes a file's extension.
        static let types: Set<String> = ["jpeg", "jpg", "png", "gif", "heic", "heif", "webp", "tiff", "tif", "bmp",
                                         "mov", "mp4", "m4v", "3gp", "avi", "m4a", "mp3", "aac", "wav", "caf", "aiff", "pdf"]

        /// Why its md5, type or identifier cannot name a file or a link, or nil:
        /// md5 is hexadecimal, type one of `types`, identifier letters, digits and `-`.
        var nameProblem: String? {
            let kind = ["photos": "photo", "videos": "video", "audios": "audio", "pdfs": "PDF"][folder] ?? folder
            if md5.isEmpty || md5.utf8.count > 128 || !md5.utf8.allSatisfy({ DayOneEntry.isDigit($0) || (0x61...0x66).contains($0 | 0x20) }) {
                return "\(kind) md5 '\(md5)' is not hexadecimal"
            }
            if !type.utf8.allSatisfy({ $0 < 0x80 }) || !Self.types.contains(type.lowercased()) {
                return "\(kind) type '\(type)' is not a media type (\(Self.types.sorted().joined(separator: ", ")))"
            }
            if !DayOneEntry.isIdentifier(identifier) { return "\(kind) identifier '\(identifier)' is not letters, digits and '-'" }
            return nil
        }
    }

    /// A uuid or identifier as Day One writes them (`A1B2…`): ASCII letters, digits and `-`.
    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 128
            && text.utf8.allSatisfy { isDigit($0) || (0x61...0x7A).contains($0 | 0x20) || $0 == UInt8(ascii: "-") }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    var uuid: String
    /// `creationDate`, UTC.
    var created: Date
    var timeZone: TimeZone
    public var text: String
    var tags: [String] = []
    var starred = false
    var weatherCode: String?
    var conditions: String?
    var temperatureCelsius: Double?
    var relativeHumidity: Double?
    var windSpeedKPH: Double?
    var placeName: String?
    var locality: String?
    var country: String?
    public var attachments: [Attachment] = []
    /// Index in the export's `entries`, for messages.
    var index: Int
    /// The journal's JSON file in the export; attachments are in folders beside it.
    var journal = ""
}

/// Day One's JSON export: `{"metadata": {"version": "1.0"}, "entries": [...]}`.
public enum DayOneJSON {
    /// The fields the import carries into the diary file; every other one,
    /// at the top or inside `weather`, `location` and the media lists, is
    /// named in the summary's warning (`weather.pressureMB`, `photos[].width`).
    static let known: Set<String> = ["uuid", "creationDate", "timeZone", "text", "tags", "starred", "weather", "location",
                                     "photos", "videos", "audios", "pdfAttachments"]
    static let knownInside: [String: Set<String>] = {
        let media: Set<String> = ["identifier", "md5", "type"]
        return ["weather": ["weatherCode", "conditionsDescription", "temperatureCelsius", "relativeHumidity", "windSpeedKPH"],
                "location": ["placeName", "localityName", "country"],
                "photos": media, "videos": media, "audios": media, "pdfAttachments": media]
    }()

    /// The names of the fields of `item` the import leaves out.
    static func unknownFields(of item: [String: Any]) -> Set<String> {
        var unknown = Set(item.keys).subtracting(known)
        for (field, inside) in knownInside {
            if let object = item[field] as? [String: Any] {
                unknown.formUnion(Set(object.keys).subtracting(inside).map { "\(field).\($0)" })
            } else if let list = item[field] as? [[String: Any]] {
                unknown.formUnion(list.flatMap { Set($0.keys).subtracting(inside) }.map { "\(field)[].\($0)" })
            }
        }
        return unknown
    }

    /// The entries of one journal file; errors name the entry by its position.
    public static func entries(_ file: SourceFile, unknown: inout Set<String>, badRows: inout BadRows) throws -> [DayOneEntry] {
        let list = try ImportSource.jsonEntries(file, of: "Day One", hint: "export from Day One with File › Export › JSON")
        let iso = ISO8601DateFormatter()
        var entries: [DayOneEntry] = []
        for (index, item) in list.enumerated() {
            unknown.formUnion(unknownFields(of: item))
            let location = file.location(line: 1)
            guard let uuid = item["uuid"] as? String, let createdText = item["creationDate"] as? String,
                  let created = iso.date(from: createdText) else {
                badRows.diagnostics.error(location, "entry \(index + 1) has no uuid or creationDate like 2024-08-31T12:34:56Z")
                continue
            }
            // The uuid is written into the entry's front matter as it is.
            guard DayOneEntry.isIdentifier(uuid) else {
                badRows.diagnostics.error(location, "entry \(index + 1): uuid '\(uuid)' is not letters, digits and '-'")
                continue
            }
            let zone = (item["timeZone"] as? String).flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
            var entry = DayOneEntry(uuid: uuid, created: created, timeZone: zone, text: item["text"] as? String ?? "", index: index)
            entry.tags = item["tags"] as? [String] ?? []
            entry.starred = item["starred"] as? Bool ?? false
            if let weather = item["weather"] as? [String: Any] {
                entry.weatherCode = (weather["weatherCode"] as? String).flatMap { $0 == "undefined" || $0.isEmpty ? nil : $0 }
                entry.conditions = weather["conditionsDescription"] as? String
                // A value the weather of a diary cannot have (1e308 °C) is left out, named: never written as 0.
                func measure(_ key: String, _ measure: Measure, perUnit: Double = 1, unit: String? = nil) -> Double? {
                    guard let value = (weather[key] as? NSNumber)?.doubleValue else { return nil }
                    if value.isFinite, measure.range.contains(value / perUnit) { return value }
                    let (low, high) = (measure.range.lowerBound * perUnit, measure.range.upperBound * perUnit)
                    let line = file.text.range(of: uuid).map { file.text.utf8[..<$0.lowerBound].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
                    badRows.diagnostics.warning(file.location(line: line ?? 1),
                                                "entry \(index + 1) (\(uuid)): weather.\(key) \(value) is not between \(low.plain) and \(high.plain) \(unit ?? measure.unit); left out",
                                                hint: "add the weather by hand to the entry if you know it")
                    return nil
                }
                entry.temperatureCelsius = measure("temperatureCelsius", .temperature)
                entry.relativeHumidity = measure("relativeHumidity", .humidity)
                entry.windSpeedKPH = measure("windSpeedKPH", .wind, perUnit: 3.6, unit: "km/h")
            }
            if let place = item["location"] as? [String: Any] {
                entry.placeName = place["placeName"] as? String
                entry.locality = place["localityName"] as? String
                entry.country = place["country"] as? String
            }
            for (key, folder) in [("photos", "photos"), ("videos", "videos"), ("audios", "audios"), ("pdfAttachments", "pdfs")] {
                for media in item[key] as? [[String: Any]] ?? [] {
                    guard let identifier = media["identifier"] as? String, let md5 = media["md5"] as? String else { continue }
                    let type = media["type"] as? String ?? (folder == "pdfs" ? "pdf" : folder == "audios" ? "m4a" : "jpeg")
                    let attachment = DayOneEntry.Attachment(folder: folder, identifier: identifier, md5: md5, type: type)
                    // Its md5 and type name a file: a name that is not one is never used.
                    if let problem = attachment.nameProblem {
                        badRows.diagnostics.error(location, "entry \(index + 1) (\(uuid)): \(problem)")
                    } else {
                        entry.attachments.append(attachment)
                    }
                }
            }
            entries.append(entry)
        }
        return entries
    }
}

/// Day One entries as diary files (pure: the caller copies the attachments).
public enum DayOneText {
    /// The entry's local date and time in its own time zone.
    static func local(_ entry: DayOneEntry) -> (LocalDate, LocalTime, offsetMinutes: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = entry.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: entry.created)
        return (LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!, LocalTime(hour: parts.hour!, minute: parts.minute!)!,
                entry.timeZone.secondsFromGMT(for: entry.created) / 60)
    }

    /// Day One escapes Markdown it did not need to (`\.`, `\-`, `\!`, `\(`):
    /// those backslashes are removed where Markdown reads the character
    /// the same without them (not at a line's start, where `-` or `1.` would
    /// begin a list).
    public static func unescaped(_ text: String) -> String {
        var output = ""
        var atLineStart = true
        var previous: Character?
        var chars = Array(text)[...]
        while let char = chars.first {
            chars = chars.dropFirst()
            if char == "\\", let next = chars.first, ".-!()+#*_[]{}>".contains(next) {
                let needed: Bool
                switch next {
                case "-", "+", "#", ">": needed = atLineStart
                // `1\.` at a line's start would begin a list without its backslash.
                case ".", ")": needed = previous?.isNumber == true && output.split(separator: "\n", omittingEmptySubsequences: false).last?.allSatisfy(\.isNumber) == true
                case "!", "(": needed = false
                default: needed = true
                }
                if needed { output.append(char) }
                output.append(next)
                chars = chars.dropFirst()
                previous = next
                atLineStart = false
                continue
            }
            output.append(char)
            previous = char
            atLineStart = char == "\n" || (atLineStart && char == " ")
        }
        return output
    }

    /// `dayone-moment://ID`, `dayone-moment:\/\/ID`, `dayone-moment:/video/ID`
    /// references as links to the copied files (`paths[ID]`); a missing one
    /// stays as visible text. Gives the text and the IDs it could not find.
    public static func linkingMoments(_ text: String, paths: [String: String]) -> (String, [String]) {
        var output = ""
        var missing: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "dayone-moment:") {
            output += rest[..<range.lowerBound]
            var after = rest[range.upperBound...]
            for prefix in ["\\/\\/", "//", "/video/", "/audio/", "/pdf/", "/"] where after.hasPrefix(prefix) {
                after = after.dropFirst(prefix.count)
                break
            }
            let id = after.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            rest = after.dropFirst(id.count)
            if let path = paths[String(id)] {
                output += path
            } else {
                missing.append(String(id))
                // `![](dayone-moment://ID)` becomes a visible note, not a broken image.
                if let open = output.range(of: "![", options: .backwards), output[open.lowerBound...].hasSuffix("]("), rest.first == ")" {
                    output.removeSubrange(open.lowerBound...)
                    rest = rest.dropFirst()
                }
                output += "(attachment \(id) was not in the export)"
            }
        }
        output += rest
        return (output, missing)
    }

    /// The text of the entry's file; `body` is its text with moments linked.
    public static func file(_ entry: DayOneEntry, body: String) -> String {
        let (date, time, offset) = local(entry)
        let sign = offset < 0 ? "-" : "+"
        var lines = ["---", "date: \(date.iso)T\(time.text):00\(sign)\((abs(offset) / 60).zeroPadded(2)):\((abs(offset) % 60).zeroPadded(2))"]
        if let title = DiaryParser.firstHeading(in: String(body.prefix { $0 != "\n" })) { lines.append("title: \(YAMLText.quoted(title))") }
        if !entry.tags.isEmpty { lines.append("tags: [\(entry.tags.map(YAMLText.quoted).joined(separator: ", "))]") }
        var weather: [String] = []
        if let code = entry.weatherCode { weather.append("weatherCode: \(code)") }
        if let temp = entry.temperatureCelsius { weather.append("temp: \(WorkoutText.number((temp * 10).rounded() / 10))") }
        if let humidity = entry.relativeHumidity { weather.append("humidity: \(WorkoutText.number(humidity.rounded()))") }
        if let wind = entry.windSpeedKPH { weather.append("wind: \(WorkoutText.number((wind / 3.6 * 10).rounded() / 10))") }
        if let place = entry.locality ?? entry.placeName { weather.append("location: \(YAMLText.quoted(place))") }
        if !weather.isEmpty, entry.weatherCode != nil || entry.temperatureCelsius != nil {
            lines.append("weather:")
            lines += weather.map { "  " + $0 }
        }
        if let conditions = entry.conditions { lines.append("conditions: \(YAMLText.quoted(conditions))") }
        if let place = entry.placeName { lines.append("place_name: \(YAMLText.quoted(place))") }
        if let locality = entry.locality { lines.append("locality: \(YAMLText.quoted(locality))") }
        if let country = entry.country { lines.append("country: \(YAMLText.quoted(country))") }
        if entry.starred { lines.append("starred: true") }
        lines.append("dayone_uuid: \(entry.uuid)")
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + body + (body.hasSuffix("\n") || body.isEmpty ? "" : "\n")
    }
}

/// `daybook import dayone PATH`: the export's `.zip`, its folder (with
/// `Journal.json` and `photos/`…) or one of its JSON files.
public enum DayOneImport {
    public static func run(_ path: URL, displayPath: String, content: URL, contentDisplayName: String,
                           dryRun: Bool = false, skipBadRows: Bool = false, verify: ImportVerification,
                           progress: ImportProgress? = nil, io: FileIO = .disk) throws -> ImportSummary {
        progress?("Reading \(displayPath)")
        let export = try DayOneExport(path, displayPath: displayPath, io: io)
        var badRows = BadRows()
        var unknown = Set<String>()
        var entries: [DayOneEntry] = []
        for journal in export.journals {
            entries += try DayOneJSON.entries(export.journal(journal), unknown: &unknown, badRows: &badRows).map {
                var entry = $0
                entry.journal = journal
                return entry
            }
        }
        var summary = try ImportSource.diarySummary(dryRun: dryRun, badRows: badRows, skip: skipBadRows, unknownFields: unknown,
                                                    at: SourceLocation(path: displayPath))

        // Entries already imported are known by their Day One uuid.
        var target = DiaryImportTarget(content: content, displayName: contentDisplayName, key: "dayone_uuid", io: io)
        var missing: [String] = []
        var outside = Diagnostics()
        var counter = ImportCounter(progress, "Importing % entries", total: entries.count)
        for entry in entries.sorted(by: { $0.created < $1.created }) {
            counter.count()
            if target.existing.contains(entry.uuid) {
                summary.alreadyImported.append(entry.uuid)
                continue
            }
            let (date, _, _) = DayOneText.local(entry)
            let path = target.newEntryPath(for: date)
            let base = String(path.dropFirst("diary/\(date.year)/".count).dropLast(3))
            var links: [String: String] = [:]
            for attachment in entry.attachments {
                guard let source = export.attachment(attachment.exportPath, of: entry.journal, into: &outside) else { continue }
                let name = attachment.fileName(base: base)
                links[attachment.identifier] = name
                target.add(source, at: "diary/\(date.year)/\(name)")
            }
            let (body, absent) = DayOneText.linkingMoments(DayOneText.unescaped(entry.text), paths: links)
            missing += absent
            target.add(entry: DayOneText.file(entry, body: body), at: path, summary: &summary)
        }
        if outside.hasErrors { throw ContentErrors(outside.sorted) }
        if !missing.isEmpty {
            summary.warnings.append(Diagnostic(SourceLocation(path: displayPath),
                                               "\(missing.count) attachment\(missing.count == 1 ? "" : "s") not in the export, left as a note in the text",
                                               severity: .warning))
        }
        try target.finish(dryRun: dryRun, verify: verify, progress: progress)
        return summary
    }
}

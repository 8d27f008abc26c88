import Foundation

/// What `daybook init` writes: a site that builds with no errors, with every
/// setting of `site.yml` present at its default and explained, so a new user
/// edits values instead of looking keys up. A test checks that every key
/// `SiteConfig` reads appears here.
public enum StarterSite {
    /// Lines `.gitignore` must hold: the output and the caches are rebuilt, never committed.
    static let ignored = ["public/", ".daybook-cache/", ".build/"]

    /// Files relative to the new site's folder, and their text.
    static func files(today: LocalDate, timezone: String, locale: SiteConfig.Locale) -> [(path: String, text: String)] {
        [
            ("content/site.yml", siteFile(timezone: timezone, locale: locale, today: today)),
            ("content/diary/\(today.year)/\(today.iso).md", firstEntry(today, locale: locale)),
            ("content/vocab/words.md", firstDeck(today, locale: locale)),
            ("content/routines.yml", firstRoutine(locale: locale)),
            ("content/routines/log.md", routineLog(locale: locale)),
            ("content/pages/about.md", aboutPage(locale: locale)),
        ]
    }

    /// Folders made even when nothing is in them yet, so the layout is visible.
    static let folders = ["content/workouts", "content/routines"]

    /// Writes the starter site into `root` (made when missing) and adds the
    /// lines of `ignored` that its `.gitignore` lacks, holding the content
    /// lock. A mark beside the lock (`.daybook-cache/content.init`) says an
    /// `init` is under way: the `.gitignore`, the empty folders and the
    /// files as one journaled change follow, each repeatable, and the mark
    /// goes last; so a run killed at any point and run again gives the site
    /// an uninterrupted run gives, and an existing `content/` without the
    /// mark is never touched.
    /// - Returns: false when `content/` already exists (nothing written).
    public static func write(into root: String, today: LocalDate, timezone: String, locale: SiteConfig.Locale,
                             report: ([Diagnostic]) -> Void = ContentLock.toStandardError) throws -> Bool {
        let content = URL(fileURLWithPath: root + "/content")
        let io = FileIO.disk
        return try ContentLock.holding(content: content, displayRoot: "content", by: command, report: report) { lock in
            let mark = ContentLock.path(of: content, suffix: ".init")
            guard !io.exists(content.path) || io.exists(mark) else { return false }
            try io.replace(mark, with: Array((command + "\n").utf8))
            let ignore = root + "/.gitignore"
            // A .gitignore that is there but cannot be read stops here: it is never replaced by one without its lines.
            let existing = io.exists(ignore) ? String(decoding: try io.read(ignore), as: UTF8.self) : ""
            if let added = withIgnored(existing) { try io.replace(ignore, with: Array(added.utf8)) }
            for folder in folders { try io.createFolders(root + "/" + folder) }
            // The files an interrupted run already put in place (its change was finished by the lock) are not written again.
            let changes = files(today: today, timezone: timezone, locale: locale).map { file in
                (path: String(file.path.dropFirst("content/".count)), bytes: Array(file.text.utf8))
            }.filter { !io.exists(content.path + "/" + $0.path) }.map { ContentChange($0.path, before: nil, after: .bytes($0.bytes)) }
            try ContentJournal.commit(changes, lock: lock, what: command)
            try io.remove(mark)
            return true
        }
    }

    private static let command = "daybook init"

    /// A `.gitignore` with the missing lines of `ignored` added; nil when none is missing.
    static func withIgnored(_ existing: String) -> String? {
        let present = Set(existing.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = ignored.filter { !present.contains($0) }
        guard !missing.isEmpty else { return nil }
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        return existing + separator + missing.joined(separator: "\n") + "\n"
    }

    /// The example rotation: a plan, so the workout pages and today's split
    /// show from the first day, and no session is logged that did not happen.
    static func exampleSplit(_ locale: SiteConfig.Locale) -> [String] {
        locale == .ko ? ["밀기", "당기기", "하체"] : ["Push", "Pull", "Legs"]
    }

    static func siteFile(timezone: String, locale: SiteConfig.Locale, today: LocalDate) -> String {
        let defaults = SiteConfig()
        let cards = defaults.flashcards, workouts = defaults.workouts
        let settings: [(String, String?)] = [
            ("title: \(locale == .ko ? "나의 하루" : "My Daybook")", nil),
            ("author: \"\"", "shown in the footer and the feed"),
            ("base_url:", "e.g. https://you.github.io/daybook/ — needed by the feed, sitemap and calendar.ics"),
            ("locale: \(locale.rawValue)", "ko | en: interface words, date formats, weekday names"),
            ("timezone: \(timezone)", "an IANA zone name: what \"today\" means for schedules"),
            ("theme: \(defaults.theme)", "themes/NAME/ beside content/ overrides the built-in theme file by file"),
            ("week_starts: \(defaults.weekStarts.rawValue)", "monday | sunday: the first column of calendars"),
            ("", nil),
            ("vocab:", nil),
            ("  study_days: \(defaults.vocab.studyDays)", "days a new word book is studied, from its date"),
            ("  review_intervals: \(defaults.vocab.reviewIntervals)", "days from the last study day to review 1, then between reviews"),
            ("  max_meanings: \(defaults.vocab.maxMeanings)", "a word with more meanings is an error"),
            ("  unrecorded: \(defaults.vocab.unrecorded.rawValue)", "overdue: a review with no line in reviews.md waits, late | passed: it counts as passed"),
            ("  remind:", "e.g. \"21:00\": calendar.ics announces the day's reviews at that hour (empty: all-day)"),
            ("", nil),
            ("flashcards:", nil),
            ("  paper: \(cards.paper.rawValue)", "a4 | letter"),
            ("  columns: \(cards.columns)", "cards across a sheet (at most 8)"),
            ("  rows: \(cards.rows)", "cards down a sheet (at most 12)"),
            ("  duplex: \(cards.duplex.rawValue)", "long-edge | short-edge | fold (no duplex printer: fold each sheet)"),
            ("  back_offset: [\(number(cards.backOffset.x)), \(number(cards.backOffset.y))]", "mm [x, y]: moves the backs to correct a printer's misalignment"),
            ("  cut_marks: \(cards.cutMarks)", "lines in the margin to cut along"),
            ("", nil),
            ("workouts:", nil),
            ("  split: [\(exampleSplit(locale).joined(separator: ", "))]", "the rotation of training days (an example: change it; [] for none)"),
            ("  start: \(today.iso)", "the rotation's first day (empty: the first workout, or today)"),
            ("  rotate: \(workouts.rotate.rawValue)", "daily: one step a day | session: one step per logged workout"),
            ("  unit: \(workouts.unit.rawValue)", "kg | lb: the unit of a weight written without one"),
            ("  remind:", "e.g. \"18:30\": calendar.ics announces the day's planned part at that hour (empty: all-day)"),
            ("", nil),
            ("images:", nil),
            ("  originals: \(defaults.images.originals)", "also publish photos as they are, metadata and all"),
            ("  widths: \(defaults.images.widths)", "pixels: the sizes each photo is published in, never enlarged"),
            ("", nil),
            ("location:", "where you write: 'daybook new entry' records its weather"),
            ("  name:", "shown with the weather, e.g. Seoul"),
            ("  latitude:", "decimal degrees, e.g. 37.57 (empty: no weather is fetched)"),
            ("  longitude:", "decimal degrees, e.g. 126.98"),
            ("weather:", nil),
            ("  provider: \(defaults.weatherProvider.rawValue)", "open-meteo (no key) | openweathermap (key from OPENWEATHERMAP_API_KEY)"),
            ("", nil),
            ("publish:", "what 'daybook publish' runs after a good build, without a shell"),
            ("  command:", "e.g. \"rsync -a --delete public/ me@example.net:/srv/daybook/\" (empty: merge and build only)"),
            ("  timeout: \(PublishCommand.defaultTimeout)", "seconds before a command that hangs is stopped (and tried again on the next change)"),
            ("", nil),
            ("private:", nil),
            ("  publish: \(defaults.privatePublishing.rawValue)", "left-out: private items are never published | encrypted: as ciphertext your passphrase opens (docs/privacy.md)"),
        ]
        let column = settings.map(\.0.count).max()! + 2
        let body = settings.map { line, comment in
            comment.map { line.padding(toLength: column, withPad: " ", startingAt: 0) + "# " + $0 } ?? line
        }
        return """
        # Settings of this Daybook site. Every key is optional: delete a line to get
        # its default, shown here. Unknown keys are errors, so a typo never passes
        # silently. The manual: docs/content.md in the Daybook repository.


        """ + body.joined(separator: "\n") + "\n"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func firstEntry(_ today: LocalDate, locale: SiteConfig.Locale) -> String {
        locale == .ko ? """
        ---
        title: 첫 번째 기록
        date: \(today.iso)
        tags: [daybook]
        ---
        Daybook으로 쓰는 첫 일기입니다. 이 파일을 고치거나 `daybook new entry`로
        새 일기를 만드세요. 본문은 Markdown입니다: **굵게**, *기울임*, 목록, 표, 링크.

        """ : """
        ---
        title: The first entry
        date: \(today.iso)
        tags: [daybook]
        ---
        The first diary entry written with Daybook. Edit this file, or make a new
        one with `daybook new entry`. The body is Markdown: **bold**, *italic*,
        lists, tables, links.

        """
    }

    static func firstDeck(_ today: LocalDate, locale: SiteConfig.Locale) -> String {
        locale == .ko ? """
        ---
        title: 단어장
        language: en
        meaning_language: ko
        ---
        ## \(today.iso)
        - daybook :: 일기장; 일지
          - I write in my daybook every night.
        - review :: 복습; 검토

        """ : """
        ---
        title: Words
        language: en
        meaning_language: en
        ---
        ## \(today.iso)
        - daybook :: a diary; a journal
          - I write in my daybook every night.
        - review :: to study again

        """
    }

    static func firstRoutine(locale: SiteConfig.Locale) -> String {
        locale == .ko ? """
        # 하려는 루틴과 요일. 한 날은 routines/log.md에 적습니다.
        - id: stretch
          name: 스트레칭 (예시)
          days: daily
          minutes: 10

        """ : """
        # The routines you mean to keep, and on which days; log the days you did them in routines/log.md.
        - id: stretch
          name: Stretching (an example)
          days: daily
          minutes: 10

        """
    }

    static func routineLog(locale: SiteConfig.Locale) -> String {
        locale == .ko ? """
        # 루틴 기록
        # 한 날마다 한 줄을 적으세요. 예:
        # - 2026-11-20: stretch

        """ : """
        # Routine log
        # One line a day for the routines you did, for example:
        # - 2026-11-20: stretch

        """
    }

    static func aboutPage(locale: SiteConfig.Locale) -> String {
        locale == .ko ? """
        ---
        title: 소개
        ---
        이 사이트는 Daybook으로 만들었습니다. 이 쪽은 `content/pages/about.md`입니다.

        """ : """
        ---
        title: About
        ---
        This site is made with Daybook. This page is `content/pages/about.md`.

        """
    }
}


/// "On this day" on the home page (docs/site.md): for today and each day after it
/// that the phone may open the site on (`PhonePlan`), the entries of that
/// month and day in earlier years, never a private one; phone.js shows the
/// phone's day as it does the plan.
struct OnThisDayView: TemplateData {
    struct Day: TemplateData {
        let iso: String
        let isToday: Bool
        /// No entry on the day itself: these are from the week around it.
        let isWindow: Bool
        let entries: [Entry]
    }

    struct Entry: TemplateData {
        let item: EntryItem
        let yearsAgo: String
        let firstLines: String
    }

    /// How much of an entry's text shows.
    static let firstLinesLength = 160

    let days: [Day]
    /// Some day carried has entries: otherwise the section is left out.
    var hasEntries: Bool { days.contains { !$0.entries.isEmpty } }
    /// A site with an encrypted part has the section, hidden while no public entry is in it: once unlocked,
    /// `sealed.js` adds the private entries of the day.
    let isSealed: Bool
    var isShown: Bool { hasEntries || isSealed }

    init(_ site: SiteData, _ context: PageContext) {
        let entries = site.diary.entries
        // The public view's entries (`DiaryIndex.publicIndexes`): never a private one, even with --include-private.
        let shown = site.diary.publicIndexes
        let onThisDay = OnThisDay.Index(shown.map { entries[$0].date })
        let t = context.t
        days = (0..<PhonePlan.dayCount).map { offset in
            let date = site.today.adding(days: offset)
            let match = onThisDay.match(today: date, limit: 5)
            return Day(iso: date.iso, isToday: offset == 0, isWindow: match.isWindow, entries: match.hits.map { hit in
                let index = shown[hit.index]
                return Entry(item: site.diary.items.item(index, context),
                             yearsAgo: Self.yearsAgo(hit.yearsAgo, t), firstLines: Self.firstLines(entries[index].body))
            })
        }
        isSealed = site.sealed != nil
    }

    /// "1 year ago", "3 years ago".
    static func yearsAgo(_ years: Int, _ t: Translation) -> String {
        years == 1 ? t["on_this_day_year_ago"] : t.format("on_this_day_years_ago", ["n": String(years)])
    }

    static func firstLines(_ body: String) -> String {
        PlainText.firstLines(Markdown.plainText(body, characters: firstLinesLength + 1), firstLinesLength)
    }
}

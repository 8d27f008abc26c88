import Foundation

/// `feed.xml` (Atom) and `sitemap.xml`. Links, also those in an entry's
/// text, are absolute when `base_url` is set, as feed readers and search
/// engines want; otherwise relative to the site root, which works for a local copy.
enum Feeds {
    /// Made from the public site alone (`PublicSite`); the sitemap lists the paths of `pages`, the build's.
    static func files(_ site: PublicSite, sitemapOf pages: [Page]) -> [PublicFile] {
        let sitemapPaths = pages.compactMap { $0.inSitemap ? $0.path : nil }
        let paths = site.rememberedKey { hasher in for path in sitemapPaths { hasher.combine(text: path.value) } }
        // The feed holds the newest public entries: what their pages show (`DiaryIndex.pageKeys`).
        let feedKey = site.rememberedKey { hasher in
            let newest = site.diary.suffix(feedLength)
            hasher.combine(newest.count)
            for entry in newest { hasher.combine(entry.pageKey) }
        }
        return [
            PublicFile(path: Routes.feed, key: feedKey) { Array(atom(site).utf8) },
            // It lists every page: rendered among the first, not alone after the last.
            PublicFile(path: Routes.sitemap, cost: sitemapPaths.count, key: paths) { sitemap(sitemapPaths, site) },
        ]
    }

    /// How many of the newest public entries the feed holds.
    static let feedLength = 50

    static func url(_ path: SitePath, _ site: PublicSite) -> String { path.absolute(base: site.config.baseURL ?? "") }

    /// The newest 50 public entries with their full text. Private entries
    /// never appear here, whatever the build options.
    static func atom(_ site: PublicSite) -> String {
        let newest = site.diary.suffix(feedLength).reversed()
        let base = site.config.baseURL ?? ""
        let feedID = site.config.baseURL.map { $0 + "feed.xml" } ?? "urn:daybook:\(Slug.make(site.config.title))"
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(site.locale)">
          <title>\(escape(site.config.title))</title>
          <id>\(escape(feedID))</id>
          <link rel="self" href="\(escape(base))feed.xml"/>
          <link rel="alternate" type="text/html" href="\(escape(base.isEmpty ? "./" : base))"/>
          <updated>\(newest.first.map { timestamp($0.entry, site) } ?? timestamp(date: site.today, minutes: 0, offset: 0))</updated>
          <generator>Daybook</generator>

        """
        if !site.config.author.isEmpty { xml += "  <author><name>\(escape(site.config.author))</name></author>\n" }
        for shown in newest {
            let entry = shown.entry
            let path = Routes.content(entry.source)
            let id = site.config.baseURL.map { $0 + path.value } ?? "urn:daybook:entry:\(entry.source.slugPath)"
            xml += """
              <entry>
                <title>\(escape(entry.title))</title>
                <id>\(escape(id))</id>
                <link rel="alternate" type="text/html" href="\(escape(url(path, site)))"/>
                <updated>\(timestamp(entry, site))</updated>
            \(entry.tags.map { "    <category term=\"\(escape($0))\"/>\n" }.joined())    <content type="html">\(escape(FeedLinks.absolute(shown.body.html, page: path, base: base)))</content>
              </entry>

            """
        }
        return xml + "</feed>\n"
    }

    /// RFC 3339 time of an entry: its own offset, else the site's time zone.
    static func timestamp(_ entry: DiaryEntry, _ site: PublicSite) -> String {
        let offset = entry.utcOffsetMinutes ?? TimeZones.secondsFromGMT(site.config.timezone, on: entry.date) / 60
        return timestamp(date: entry.date, minutes: entry.time?.minutes ?? 0, offset: offset)
    }

    static func timestamp(date: LocalDate, minutes: Int, offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        return "\(date.iso)T\((minutes / 60).zeroPadded(2)):\((minutes % 60).zeroPadded(2)):00\(sign)\((abs(offset) / 60).zeroPadded(2)):\((abs(offset) % 60).zeroPadded(2))"
    }

    /// Made as bytes: a lifetime's diary lists 100,000 pages.
    static func sitemap(_ paths: [SitePath], _ site: PublicSite) -> [UInt8] {
        var xml: [UInt8] = []
        xml.reserveCapacity(paths.count * 80)
        xml += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n".utf8
        // `url(path, site)`, escaped: the base's part once.
        var base: [UInt8] = []
        appendEscaped(site.config.baseURL ?? "", to: &base)
        for path in paths.sorted() {
            xml += "  <url><loc>".utf8
            xml += base
            appendEscaped(SitePath.escape(path.value), to: &xml)
            xml += "</loc></url>\n".utf8
        }
        xml += "</urlset>\n".utf8
        return xml
    }

    static func escape(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        appendEscaped(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` with XML's five escaped. By bytes, not characters: a feed
    /// escapes every entry's HTML, and the five are ASCII, whose bytes occur
    /// in no other character.
    private static func appendEscaped(_ text: String, to result: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&apos;".utf8
            default: result.append(byte)
            }
        }
    }
}

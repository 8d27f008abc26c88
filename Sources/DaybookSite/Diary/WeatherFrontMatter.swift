/// Writes fetched weather into an entry's front matter, in the entry's own
/// front matter form, adding lines and changing no other byte: the line
/// endings, a byte-order mark, comments and the order of keys stay as they were.
public enum WeatherFrontMatter {
    /// The keys and values `new entry` and `weather fill` write, in this order.
    /// A night with a clear or partly cloudy sky is written `clear-night`,
    /// which the entry's page draws with the moon.
    static func pairs(_ weather: Weather) -> [(key: String, value: Value)] {
        var pairs: [(String, Value)] = []
        if let condition = weather.condition {
            let night = weather.isNight && WeatherWords.nightVariants.contains(condition)
            pairs.append(("condition", .word(condition.rawValue + (night ? "-night" : ""))))
        }
        if let temperature = weather.temperature { pairs.append(("temp", .number(temperature, decimals: 1))) }
        if let feelsLike = weather.feelsLike { pairs.append(("feels_like", .number(feelsLike, decimals: 1))) }
        if let humidity = weather.humidity { pairs.append(("humidity", .number(humidity, decimals: 0))) }
        if let wind = weather.wind { pairs.append(("wind", .number(wind, decimals: 1))) }
        if let location = weather.location { pairs.append(("location", .text(location))) }
        return pairs
    }

    enum Value {
        case word(String), number(Double, decimals: Int), text(String)

        /// `word` and `number` as YAML writes them plain; text always quoted,
        /// in the double-quoted form YAML, TOML and JSON all read alike.
        func written(quotingWords: Bool) -> String {
            switch self {
            case let .word(word): return quotingWords ? quoted(word) : word
            case let .number(number, decimals): return NumberText.format(number, decimals: decimals, .machine)
            case let .text(text): return quoted(text)
            }
        }

        private func quoted(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    result += "\\u" + String(scalar.value, radix: 16).uppercased().leftPadded(4)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
    }

    /// The YAML block, one key a line, each line ended by `newline`.
    static func yaml(_ weather: Weather, newline: String = "\n") -> String {
        "weather:" + newline + pairs(weather).map { "  \($0.key): \($0.value.written(quotingWords: false))" + newline }.joined()
    }

    /// One line: a TOML inline table.
    static func toml(_ weather: Weather) -> String {
        "weather = { " + pairs(weather).map { "\($0.key) = \($0.value.written(quotingWords: true))" }.joined(separator: ", ") + " }"
    }

    /// One line: a JSON member, without the comma.
    static func json(_ weather: Weather) -> String {
        "\"weather\": { " + pairs(weather).map { "\"\($0.key)\": \($0.value.written(quotingWords: true))" }.joined(separator: ", ") + " }"
    }

    /// `file`'s text with `weather` added to its front matter, checked by
    /// reading the result back as an entry; a problem when the weather cannot
    /// be added safely. Where it goes:
    /// - YAML: a `weather:` block just above the closing `---`;
    /// - TOML: an inline table just below the opening `+++`, above any `[table]`;
    /// - JSON: a member just below a `{` that stands alone on the first line;
    /// - no front matter (an Obsidian note): a new YAML front matter holding only the weather.
    public static func inserting(_ weather: Weather, into file: SourceFile) -> Result<String, WeatherAnswer.Problem> {
        let bytes = Array(file.text.utf8)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let lines = Line.split(bytes, from: start)
        let newline = lines.first?.terminator(in: bytes) ?? "\n"
        let first = lines.first.map { $0.trimmedContent(in: bytes) } ?? []

        let offset: Int, addition: String
        if first.elementsEqual("---".utf8) {
            let closing = lines.dropFirst().first { line in
                let content = line.trimmedContent(in: bytes)
                return content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8)
            }
            guard let closing else {
                return .failure(.init("its front matter is never closed"))
            }
            (offset, addition) = (closing.start, yaml(weather, newline: newline))
        } else if first.elementsEqual("+++".utf8) {
            (offset, addition) = (lines[0].end, toml(weather) + newline)
        } else if first.first == UInt8(ascii: "{") {
            guard first.elementsEqual("{".utf8) else {
                return .failure(.init("JSON front matter is changed only when its '{' stands alone on the first line"))
            }
            // A comma unless the object is empty (its next line closes it).
            let next = lines.dropFirst().first { !$0.trimmedContent(in: bytes).allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            let isEmpty = next.map { $0.trimmedContent(in: bytes).drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "}") } ?? true
            (offset, addition) = (lines[0].end, "  " + json(weather) + (isEmpty ? "" : ",") + newline)
        } else {
            (offset, addition) = (start, "---" + newline + yaml(weather, newline: newline) + "---" + newline)
        }
        let text = String(decoding: bytes[..<offset] + Array(addition.utf8) + bytes[offset...], as: UTF8.self)

        // Read back: the entry must still be read without errors, now with this weather.
        var diagnostics = Diagnostics()
        let entry = DiaryParser.parse(SourceFile(displayPath: file.displayPath, relativePath: file.relativePath, text: text), into: &diagnostics)
        guard let entry, diagnostics.errors.isEmpty else {
            return .failure(.init("its front matter would not read back with the weather added"
                                  + (diagnostics.errors.first.map { " (\($0.message))" } ?? "")))
        }
        guard entry.weather?.condition == weather.condition, entry.weather?.location == weather.location else {
            return .failure(.init("its front matter would not read back with the weather added"))
        }
        return .success(text)
    }

    /// A line of the file as byte offsets: content, then its `\n`, `\r\n` or `\r`.
    private struct Line {
        let start: Int, contentEnd: Int, end: Int

        static func split(_ bytes: [UInt8], from start: Int) -> [Line] {
            var lines: [Line] = []
            var lineStart = start, index = start
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A:
                    lines.append(Line(start: lineStart, contentEnd: index, end: index + 1))
                case 0x0D:
                    let end = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
                    lines.append(Line(start: lineStart, contentEnd: index, end: end))
                    index = end - 1
                default:
                    index += 1
                    continue
                }
                index += 1
                lineStart = index
            }
            if lineStart < bytes.count { lines.append(Line(start: lineStart, contentEnd: bytes.count, end: bytes.count)) }
            return lines
        }

        /// The content without trailing spaces and tabs, as the fence scanner compares it.
        func trimmedContent(in bytes: [UInt8]) -> ArraySlice<UInt8> {
            var end = contentEnd
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return bytes[start..<end]
        }

        func terminator(in bytes: [UInt8]) -> String? {
            contentEnd == end ? nil : String(decoding: bytes[contentEnd..<end], as: UTF8.self)
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

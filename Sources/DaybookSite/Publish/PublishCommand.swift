/// `publish.command` of site.yml (docs/publishing.md, docs/phone.md): what `daybook publish` runs
/// after a good build. No shell reads it: the text is cut into words as a
/// shell would quote them (`'…'`, `"…"`, `\`), and nothing else a shell does
/// (variables, globs, pipes, `;`, redirections) happens, so a character that
/// would ask for one is an error unless quoted: the person learns at once that
/// it would not do what it says, instead of it being passed on silently.
public struct PublishCommand: Sendable, Equatable {
    /// The program and its arguments, as the program receives them.
    public var arguments: [String]
    /// Seconds the command may run before it is stopped and counted as failed.
    public var timeout: Int
    /// Where `command:` is written, for messages about it.
    var location: SourceLocation?

    static let defaultTimeout = 600
    static let timeoutRange = 1...86_400

    init(arguments: [String], timeout: Int = defaultTimeout, location: SourceLocation? = nil) {
        self.arguments = arguments
        self.timeout = timeout
        self.location = location
    }

    /// The characters a shell would act on, refused unquoted.
    static let shellCharacters: Set<Character> = ["|", "&", ";", "<", ">", "(", ")", "$", "`", "*", "?", "[", "]", "{", "}"]
    /// Refused at a word's start only, where a shell reads them (`~/x`, `# comment`; `me@host:~/www` is rsync's).
    static let wordStartCharacters: Set<Character> = ["~", "#"]

    enum WordsProblem: Error, Equatable {
        case unclosedQuote(Character)
        case shellCharacter(Character)
        case empty
    }

    /// The words of `text`, quoted as a shell quotes; `\` escapes one character outside single quotes.
    static func words(_ text: String) -> Result<[String], WordsProblem> {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch quote {
            case "'":
                if character == "'" { quote = nil } else { word.append(character) }
            case "\"":
                if character == "\"" { quote = nil } else if character == "\\" { escaped = true } else { word.append(character) }
            default:
                if character == " " || character == "\t" {
                    if inWord { words.append(word) }
                    word = ""
                    inWord = false
                    continue
                }
                if !inWord && wordStartCharacters.contains(character) { return .failure(.shellCharacter(character)) }
                inWord = true
                if character == "'" || character == "\"" {
                    quote = character
                } else if character == "\\" {
                    escaped = true
                } else if shellCharacters.contains(character) {
                    return .failure(.shellCharacter(character))
                } else {
                    word.append(character)
                }
            }
        }
        if let quote { return .failure(.unclosedQuote(quote)) }
        if inWord { words.append(word) }
        return words.isEmpty ? .failure(.empty) : .success(words)
    }

    /// `publish:` of site.yml; nil when it sets no command (then `daybook publish` merges and builds only).
    static func parse(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> PublishCommand? {
        guard let fields = value.fields("publish", known: ["command", "timeout"], into: &diagnostics) else { return nil }
        var timeout = defaultTimeout
        if let v = fields["timeout"]?.int("timeout (seconds)", in: timeoutRange, into: &diagnostics) { timeout = v }
        guard let command = fields["command"], !command.isNull, let text = command.string("command", into: &diagnostics) else { return nil }
        switch words(text) {
        case let .success(arguments):
            return PublishCommand(arguments: arguments, timeout: timeout, location: command.location)
        case .failure(.empty):
            return nil
        case let .failure(.unclosedQuote(quote)):
            diagnostics.error(command.location, "the command has a \(quote) that is never closed")
        case let .failure(.shellCharacter(character)):
            diagnostics.error(command.location, "the command has '\(character)', which only a shell reads; no shell runs it",
                              hint: "quote it to pass it on as it is, or put the steps in a script and name the script: command: \"sh publish.sh\"")
        }
        return nil
    }
}

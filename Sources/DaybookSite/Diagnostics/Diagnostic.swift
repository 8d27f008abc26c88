/// A place in a content file, counted from 1 like editors and compilers do.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// Path as the user gave it (relative to where they ran daybook when possible).
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// One problem in the input, reported as `path:line:column: error: message`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String
    /// A suggestion shown on the next line, e.g. "did you mean 'snow'?"
    public var hint: String?

    public init(_ location: SourceLocation, _ message: String, hint: String? = nil, severity: Severity = .error) {
        self.location = location
        self.message = message
        self.hint = hint
        self.severity = severity
    }

    public var description: String {
        var text = "\(location.path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        if let hint { text += "\n    hint: \(hint)" }
        return text
    }
}

/// Every diagnostic of a run, so the user sees all problems at once.
public struct Diagnostics: Sendable {
    public private(set) var items: [Diagnostic] = []
    public init() {}

    mutating func error(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        items.append(Diagnostic(location, message, hint: hint))
    }

    mutating func warning(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        items.append(Diagnostic(location, message, hint: hint, severity: .warning))
    }

    mutating func append(_ diagnostic: Diagnostic) { items.append(diagnostic) }
    mutating func append(contentsOf other: Diagnostics) { items.append(contentsOf: other.items) }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    public var sorted: [Diagnostic] { items.sorted { $0.location < $1.location } }
}

/// Thrown when content has errors; carries all of them.
public struct ContentErrors: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

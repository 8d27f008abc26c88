import Foundation

/// A value as a template reads it. View models hand these out by name
/// (`TemplateObject`), so rendering never casts or reflects: a lookup is
/// one switch per context level.
public enum TemplateValue {
    /// Nothing: renders empty, a false section. Found by name, it stops the
    /// lookup (a nil link on a day does not fall back to the month's).
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text(String)
    case list([TemplateValue])
    case object(any TemplateObject)
}

/// A view model: answers the names its templates read. `nil` means "not
/// mine, ask the enclosing context"; `.null` means "mine, and empty".
public protocol TemplateObject {
    func value(for name: String) -> TemplateValue?
    /// Where a partial's rendering of this object is kept, to be copied
    /// wherever the same partial shows it again; nil: rendered every time.
    var keptRenderings: KeptRenderings? { get }
    /// The same on every page of a build (the translation `t`): reading it
    /// does not tie a kept rendering to one page.
    var isSameOnEveryPage: Bool { get }
}

extension TemplateObject {
    public var keptRenderings: KeptRenderings? { nil }
    public var isSameOnEveryPage: Bool { false }
}

/// A view model's renderings by partials (an entry's list item): one is
/// kept only if it read nothing but the object itself and what is the same
/// on every page, so a copy is the bytes rendering it again would give.
public final class KeptRenderings: @unchecked Sendable {
    /// One for all: a site keeps thousands, each read briefly.
    private static let lock = NSLock()
    /// By template set and compiled partial (`TemplateNode.partial`'s key).
    private var kept: [(set: TemplateSet.Identity, partial: String, bytes: [UInt8])] = []

    public init() {}

    func bytes(set: TemplateSet.Identity, partial: String) -> [UInt8]? {
        Self.lock.withLock { kept.first { $0.set === set && $0.partial == partial }?.bytes }
    }

    func keep(_ bytes: [UInt8], set: TemplateSet.Identity, partial: String) {
        Self.lock.withLock {
            // Without the spare capacity of a growing buffer: a site keeps one for every entry and depth.
            if !kept.contains(where: { $0.set === set && $0.partial == partial }) { kept.append((set, partial, Array(bytes[...]))) }
        }
    }
}

/// Plain tables: translations, front matter `params`, test data.
public struct TemplateTable: TemplateObject {
    public let values: [String: TemplateValue]
    public init(_ values: [String: TemplateValue]) { self.values = values }
    public init(_ texts: [String: String]) { values = texts.mapValues(TemplateValue.text) }
    public func value(for name: String) -> TemplateValue? { values[name] }
}

/// Anything a view model hands to a template: text, numbers, flags, lists
/// of such values, optionals (nil is `.null`), view models.
public protocol TemplateRepresentable {
    var templateValue: TemplateValue { get }
}

/// A view model that lists its names in one switch returning its typed
/// fields: `case "title": title`. An optional field must be returned as
/// `field.orMissing`: a bare nil would mean "not mine" and let the lookup
/// find the same name further out.
public protocol TemplateFields: TemplateObject, TemplateRepresentable {
    func field(_ name: String) -> (any TemplateRepresentable)?
}

extension TemplateFields {
    public func value(for name: String) -> TemplateValue? { field(name)?.templateValue }
    public var templateValue: TemplateValue { .object(self) }
}

extension TemplateValue: TemplateRepresentable {
    public var templateValue: TemplateValue { self }
}

extension TemplateTable: TemplateRepresentable {
    public var templateValue: TemplateValue { .object(self) }
}

extension String: TemplateRepresentable {
    public var templateValue: TemplateValue { .text(self) }
}

extension Int: TemplateRepresentable {
    public var templateValue: TemplateValue { .int(self) }
}

extension Double: TemplateRepresentable {
    public var templateValue: TemplateValue { .double(self) }
}

extension Bool: TemplateRepresentable {
    public var templateValue: TemplateValue { .bool(self) }
}

extension Array: TemplateRepresentable where Element: TemplateRepresentable {
    // A closure, not `\.templateValue`: a key path in this generic context is built anew on every call.
    public var templateValue: TemplateValue { .list(map { $0.templateValue }) }
}

extension Optional where Wrapped: TemplateRepresentable {
    /// The value, or `.null` for nil: "mine, and empty".
    public var orMissing: TemplateValue { self?.templateValue ?? .null }
}

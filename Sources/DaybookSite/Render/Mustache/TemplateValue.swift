import Foundation
import Synchronization

/// A value as a template reads it. View models hand these out by name
/// (`TemplateObject`), so rendering never casts or reflects: a lookup is
/// one switch per context level.
enum TemplateValue {
    /// Nothing: renders empty, a false section. Found by name, it stops the
    /// lookup (a nil link on a day does not fall back to the month's).
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text(String)
    /// A list (`[…].templateValue`): its elements become values only where a
    /// template reads them, so a list that is only tested (`empty(tags)`) or
    /// walked by a section costs no value per element.
    case list(any TemplateItems)
    /// A view model (`.object(model)`), boxed once: copying it onto the
    /// context stack or out of a lookup counts one reference, and a lookup
    /// reads the view model where it is in its box.
    case boxed(TemplateObjectBox)

    static func object(_ object: any TemplateObject) -> TemplateValue { .boxed(TemplateObjectBox(object)) }
}

/// A typed array as a template reads it. A section over it puts each
/// element on the context stack where it is (`Context.element`), and
/// a lookup asks the element itself: no box, no copy per element. A class
/// protocol, so that a value holds one reference to it.
protocol TemplateItems: AnyObject {
    var count: Int { get }
    /// Element `index` made into a value (`{{.}}`).
    func value(at index: Int) -> TemplateValue
    /// What element `index` answers for `name`, as `TemplateValue.answer`.
    func answer(_ name: TemplateName, at index: Int) -> TemplateValue?
    /// Element `index`'s `TemplateObject.keptRenderings`.
    func keptRenderings(at index: Int) -> KeptRenderings?
}

private final class ArrayItems<Element: TemplateRepresentable>: TemplateItems {
    let elements: [Element]

    init(_ elements: [Element]) { self.elements = elements }

    var count: Int { elements.count }
    func value(at index: Int) -> TemplateValue { elements[index].templateValue }
    func answer(_ name: TemplateName, at index: Int) -> TemplateValue? { Element.templateAnswer(name, in: elements, at: index) }
    func keptRenderings(at index: Int) -> KeptRenderings? { Element.templateKeptRenderings(in: elements, at: index) }
}

/// A view model as a template value holds it: a class, so that a lookup
/// reads the model in place instead of copying it out of an enum's box.
final class TemplateObjectBox {
    let object: any TemplateObject

    init(_ object: any TemplateObject) { self.object = object }
}

/// A name as templates read it, numbered once when a template compiles
/// (or a view model's names are first listed): a lookup compares numbers,
/// never text.
struct TemplateName: Hashable, Sendable {
    /// Dense, from 0: an index into a `TemplateNameTable`.
    let id: Int
    let text: String

    init(_ text: String) {
        self.text = text
        id = Self.numbers.withLock { numbers in
            if let id = numbers[text] { return id }
            numbers[text] = numbers.count
            return numbers.count - 1
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Every name numbered so far; a build numbers a few hundred.
    private static let numbers = Mutex<[String: Int]>([:])
}

/// A view model: answers the names its templates read. `nil` means "not
/// mine, ask the enclosing context"; `.null` means "mine, and empty".
protocol TemplateObject {
    func value(for name: TemplateName) -> TemplateValue?
    /// Where a partial's rendering of this object is kept, to be copied
    /// wherever the same partial shows it again; nil: rendered every time.
    var keptRenderings: KeptRenderings? { get }
    /// The same on every page of a build (the translation `t`): reading it
    /// does not tie a kept rendering to one page.
    var isSameOnEveryPage: Bool { get }
}

extension TemplateObject {
    var keptRenderings: KeptRenderings? { nil }
    var isSameOnEveryPage: Bool { false }
}

/// A view model's renderings by partials (an entry's list item): one is
/// kept only if it read nothing but the object itself and what is the same
/// on every page, so a copy is the bytes rendering it again would give.
final class KeptRenderings: @unchecked Sendable {
    /// One for all: a site keeps thousands, each read briefly.
    private static let lock = NSLock()
    /// By template set and compiled partial (`TemplateNode.partial`'s key).
    private var kept: [(set: TemplateSet.Identity, partial: String, bytes: [UInt8])] = []

    init() {}

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

/// Plain tables: front matter `params`, test data. Made per page and read
/// little, so by text.
struct TemplateTable: TemplateObject {
    let values: [String: TemplateValue]
    init(_ values: [String: TemplateValue]) { self.values = values }
    init(_ texts: [String: String]) { values = texts.mapValues(TemplateValue.text) }
    func value(for name: TemplateName) -> TemplateValue? { values[name.text] }
}

/// A view model whose names are written once, in a table made once per
/// type: each name with what it reads. A `TemplateData` view model's table
/// is generated from its properties (`TemplateData.swift`); a view model
/// that shows another's fields under its own writes it by hand.
/// A nil optional answers `.null` ("mine, and empty"), so the lookup does
/// not find the same name further out.
protocol TemplateFields: TemplateObject, TemplateRepresentable {
    static var templateFields: TemplateFieldTable<Self> { get }
}

extension TemplateFields {
    @inlinable func value(for name: TemplateName) -> TemplateValue? {
        Self.templateFields.readers[name].map { $0(self) }
    }
    var templateValue: TemplateValue { .object(self) }
    @inlinable static func templateAnswer(_ name: TemplateName, in elements: [Self], at index: Int) -> TemplateValue? {
        // Read where it is: `elements[index]` would copy the model out first.
        elements.withUnsafeBufferPointer { $0[index].value(for: name) }
    }
    @inlinable static func templateKeptRenderings(in elements: [Self], at index: Int) -> KeptRenderings? {
        elements[index].keptRenderings
    }
}

/// A view model's names and what each reads, by `TemplateName.id`: a lookup
/// is one array index and one call. Closures rather than key paths: a key
/// path used as a function is applied through the runtime on every read.
/// A reader returns the `TemplateValue` itself: returning the field as
/// `any TemplateRepresentable` boxed every read (~270 instructions).
struct TemplateFieldTable<Model>: Sendable {
    typealias Reader = @Sendable (Model) -> TemplateValue
    @usableFromInline let readers: TemplateNameTable<Reader>
    /// The names in the order written.
    let names: [String]

    /// What `scripts/template-tables` writes: `[("title", { $0.title.templateValue }), …]`.
    init(reading fields: [(String, Reader)]) {
        var seen = Set<String>()
        for (name, _) in fields { precondition(seen.insert(name).inserted, "template field '\(name)' written twice") }
        names = fields.map { $0.0 }
        readers = TemplateNameTable(fields)
    }

    /// The fields of `inner`'s table read through `path`, with `fields` in
    /// place of any of the same name: a view model that shows another with a
    /// few names of its own.
    init<Inner: TemplateFields & SendableMetatype>(_ path: @escaping @Sendable (Model) -> Inner, _ fields: [(String, Reader)]) {
        let own = Dictionary(uniqueKeysWithValues: fields)
        let inner = Inner.templateFields
        self.init(reading: inner.names.map { name in
            if let reader = own[name] { return (name, reader) }
            let read = inner.readers[TemplateName(name)]!
            return (name, { read(path($0)) })
        } + fields.filter { !inner.names.contains($0.0) })
    }
}

/// Values by `TemplateName.id`: a lookup is one array index.
struct TemplateNameTable<Value> {
    @usableFromInline let values: [Value?]

    // Plain loops over an array: a view model's table is made from generic
    // code, where a key path, a lazy map or appending repeated elements costs
    // 200,000 instructions or more a table (callgrind).
    @inlinable init(_ pairs: [(String, Value)]) {
        var ids: [Int] = []
        ids.reserveCapacity(pairs.count)
        var count = 0
        for index in pairs.indices {
            let id = TemplateName(pairs[index].0).id
            ids.append(id)
            count = max(count, id + 1)
        }
        var values = [Value?](repeating: nil, count: count)
        for index in pairs.indices { values[ids[index]] = pairs[index].1 }
        self.values = values
    }

    @inlinable subscript(name: TemplateName) -> Value? {
        name.id < values.count ? values[name.id] : nil
    }
}

extension TemplateNameTable: Sendable where Value: Sendable {}


/// Anything a view model hands to a template: text, numbers, flags, lists
/// of such values, optionals (nil is `.null`), view models.
protocol TemplateRepresentable {
    var templateValue: TemplateValue { get }
    /// `elements[index].templateValue.answer(name)`, without making the
    /// value first: a view model answers itself. Static, so that each type
    /// answers with its own code while the list holding it is generic.
    static func templateAnswer(_ name: TemplateName, in elements: [Self], at index: Int) -> TemplateValue?
    /// The `keptRenderings` of the view model `elements[index]`, nil for any other value.
    static func templateKeptRenderings(in elements: [Self], at index: Int) -> KeptRenderings?
}

extension TemplateRepresentable {
    static func templateAnswer(_ name: TemplateName, in elements: [Self], at index: Int) -> TemplateValue? {
        elements[index].templateValue.answer(name)
    }
    static func templateKeptRenderings(in elements: [Self], at index: Int) -> KeptRenderings? {
        if case let .boxed(box) = elements[index].templateValue { box.object.keptRenderings } else { nil }
    }
}

extension TemplateValue: TemplateRepresentable {
    var templateValue: TemplateValue { self }
}

extension TemplateTable: TemplateRepresentable {
    var templateValue: TemplateValue { .object(self) }
}

extension String: TemplateRepresentable {
    var templateValue: TemplateValue { .text(self) }
}

extension Int: TemplateRepresentable {
    var templateValue: TemplateValue { .int(self) }
}

extension Double: TemplateRepresentable {
    var templateValue: TemplateValue { .double(self) }
}

extension Bool: TemplateRepresentable {
    var templateValue: TemplateValue { .bool(self) }
}

extension Array: TemplateRepresentable where Element: TemplateRepresentable {
    var templateValue: TemplateValue { .list(ArrayItems(self)) }
}

/// A nil optional is `.null`: "mine, and empty".
extension Optional: TemplateRepresentable where Wrapped: TemplateRepresentable {
    var templateValue: TemplateValue { self?.templateValue ?? .null }
}

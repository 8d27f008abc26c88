import Mustache

/// Turns a view model (plain structs, arrays, optionals) into dictionaries
/// before rendering. swift-mustache looks names up through `Mirror` on every
/// access and every level of its context stack, which made list pages with
/// thousands of items slow; a dictionary lookup is a hash, and reflecting
/// each value once here keeps templates fed by ordinary typed structs.
///
/// The view models on every page (the layout, entries in lists) answer
/// Mustache's lookups themselves instead, and are passed on as they are:
/// see `MustacheParent` below.
enum TemplateContext {
    static func convert(_ value: Any) -> Any {
        switch value {
        case is String, is Int, is Bool, is Double: return value
        case let array as [Any]: return array.map(convert)
        case let dictionary as [String: Any]: return dictionary.mapValues(convert)
        case is MustacheParent: return value
        case let optional as OptionalValue: return optional.wrappedValue.map(convert) ?? Missing()
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection, .set:
            return mirror.children.map { convert($0.value) }
        case .struct, .class, .tuple:
            var fields: [String: Any] = [:]
            for child in mirror.children {
                guard let label = child.label else { continue }
                fields[label] = convert(child.value)
            }
            return fields
        default:
            return value
        }
    }
}

// A view model rendered thousands of times a build conforms to Mustache's
// `MustacheParent` and finds each name with a switch: no dictionary is built
// per item and no name is hashed. Its `child(named:)` must hand out values
// ready for a template (text, numbers, flags, arrays of such view models)
// and `orMissing` for an optional, since nil means "not here, look further out".

/// A nil value. Leaving the name out would make Mustache look it up in the
/// enclosing objects instead (a mark without a link would take the month's);
/// this answers "nothing here": an empty text and a false section.
struct Missing: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

extension Optional {
    /// The value, or `Missing()` for nil.
    var orMissing: Any { map { $0 as Any } ?? Missing() }
}

protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { map { $0 as Any } }
}

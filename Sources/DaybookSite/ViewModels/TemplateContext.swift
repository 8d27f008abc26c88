/// Turns a view model (plain structs, arrays, optionals) into dictionaries
/// before rendering. swift-mustache looks names up through `Mirror` on every
/// access and every level of its context stack, which made list pages with
/// thousands of items slow; a dictionary lookup is a hash, and reflecting
/// each value once here keeps templates fed by ordinary typed structs.
enum TemplateContext {
    static func convert(_ value: Any) -> Any {
        switch value {
        case is String, is Int, is Bool, is Double: return value
        case let fields as TemplateFields: return fields.templateFields.mapValues(convert)
        case let array as [Any]: return array.map(convert)
        case let dictionary as [String: Any]: return dictionary.mapValues(convert)
        case let optional as OptionalValue: return optional.wrappedValue.map(convert) as Any
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
                // A nil optional is left out, as Mustache treats a missing name.
                if let optional = child.value as? OptionalValue {
                    if let wrapped = optional.wrappedValue { fields[label] = convert(wrapped) }
                } else {
                    fields[label] = convert(child.value)
                }
            }
            return fields
        default:
            return value
        }
    }
}

/// A view model used on every page (list items, the layout) lists its fields
/// itself, sparing the reflection.
protocol TemplateFields {
    var templateFields: [String: Any] { get }
}

protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { map { $0 as Any } }
}

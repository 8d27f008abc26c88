import DaybookRender

/// Turns a view model made of plain structs, arrays and optionals into
/// template values once per page, by reflection. Only pages rendered a few
/// times a build come this way; the view models on every page (the layout,
/// entries in lists, calendar days, word rows) are `TemplateFields` and are
/// passed on as they are, so rendering them never reflects or casts.
enum TemplateReflection {
    static func value(_ value: Any) -> TemplateValue {
        switch value {
        case let representable as any TemplateRepresentable: return representable.templateValue
        case let array as [Any]: return .list(array.map(Self.value))
        case let dictionary as [String: Any]: return .object(TemplateTable(dictionary.mapValues(Self.value)))
        case let optional as OptionalValue: return optional.wrappedValue.map(Self.value) ?? .null
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection, .set:
            return .list(mirror.children.map { Self.value($0.value) })
        case .struct, .class, .tuple:
            var fields: [String: TemplateValue] = [:]
            for child in mirror.children {
                guard let label = child.label else { continue }
                fields[label] = Self.value(child.value)
            }
            return .object(TemplateTable(fields))
        default:
            return .text(String(describing: value))
        }
    }
}

private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { map { $0 as Any } }
}


/// Front matter keys Daybook does not read, for templates as `params`
/// (`{{params.summary}}`, `{{#params.cssclasses}}…{{/params.cssclasses}}`).
/// A key the file does not have is not answered, so the lookup goes on outwards.
enum ParamsView {
    static func make(_ params: [FrontMatterParam.Named]) -> TemplateValue {
        .object(TemplateTable(Dictionary(params.map { ($0.key, value($0.value)) }, uniquingKeysWith: { first, _ in first })))
    }

    private static func value(_ param: FrontMatterParam) -> TemplateValue {
        switch param {
        case let .text(text): .text(text)
        case let .list(items): items.map(value).templateValue
        case let .table(pairs): make(pairs)
        }
    }
}

import DaybookContent

/// Front matter keys Daybook does not read, for templates as `params`
/// (`{{params.summary}}`, `{{#params.cssclasses}}…{{/params.cssclasses}}`).
enum ParamsView {
    static func make(_ params: [FrontMatterParam.Named]) -> [String: Any] {
        Dictionary(params.map { ($0.key, value($0.value)) }, uniquingKeysWith: { first, _ in first })
    }

    private static func value(_ param: FrontMatterParam) -> Any {
        switch param {
        case let .text(text): text
        case let .list(items): items.map(value)
        case let .table(pairs): make(pairs)
        }
    }
}

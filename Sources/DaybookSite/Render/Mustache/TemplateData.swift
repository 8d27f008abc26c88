/// A view model: its template names are its properties, each written once.
/// `struct MonthLink: TemplateData { let label: String; let href: String }`
/// answers `label` and `href`. Every property declared in the type's body,
/// stored or computed, is a field of the same name, except `static`,
/// `private` and `fileprivate` ones. `scripts/template-tables` writes each
/// type's `TemplateFields` table, each reader typed, into
/// `TemplateFields+Generated.swift`, and `TemplateTablesTests` fails naming
/// the type when that file is out of date. Why generated and not a macro:
/// docs/architecture.md, "Template data".
protocol TemplateData: TemplateFields {}

/// A view model that answers the names of another as its own (the layout its
/// `Shared` links, a card its word's faces); its own fields come after them and win.
protocol InliningTemplateData: TemplateData {
    associatedtype Inlined: TemplateFields
    /// The other view model; not a name itself.
    var inlined: Inlined { get }
}

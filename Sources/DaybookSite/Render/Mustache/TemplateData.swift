/// A view model's template names are its properties, each written once:
/// `@TemplateData struct MonthLink { let label: String; let href: String }`
/// answers `label` and `href`. Every property declared in the type's body,
/// stored or computed, is a field of the same name, except `static` and
/// `private` ones; the macro (Sources/DaybookMacros) writes the
/// `TemplateFields` table, each reader typed. Why a macro and what it costs
/// to build: docs/architecture.md, "Template data".
@attached(extension, conformances: TemplateFields, names: named(templateFields))
public macro TemplateData() = #externalMacro(module: "DaybookMacros", type: "TemplateDataMacro")

/// `@TemplateData(inlining: "faces")`: the names of the property `faces`, a
/// `@TemplateData` view model (kept `fileprivate`, so not a name itself),
/// answered as this type's own; its own fields come after them and win.
@attached(extension, conformances: TemplateFields, names: named(templateFields))
public macro TemplateData(inlining property: String) = #externalMacro(module: "DaybookMacros", type: "TemplateDataMacro")

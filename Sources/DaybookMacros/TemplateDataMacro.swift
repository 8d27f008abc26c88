import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@TemplateData`: a view model's template names are its properties, each
/// written once. Every property declared in the type's body (stored or
/// computed; not `static`, not `private`) becomes a field of the same name in
/// the `TemplateFields` table the macro writes:
///
///     @TemplateData struct MonthLink { let label: String; let href: String }
///     // extension MonthLink: TemplateFields {
///     //     static let templateFields = TemplateFieldTable<MonthLink>(reading: [
///     //         ("label", { (model: MonthLink) -> TemplateValue in model.label.templateValue }), …])
///     // }
///
/// `@TemplateData(inlining: "shared")` answers the names of the property
/// `shared` (a `@TemplateData` view model, kept `fileprivate`) as its own.
/// Each reader returns the value itself, typed: a read boxes nothing.
public struct TemplateDataMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: Message("@TemplateData goes on a struct or a class")))
            return []
        }
        let model = type.trimmedDescription
        let readers = fieldNames(of: declaration).map { name in
            // A name in backticks (`default`) is read in backticks, named without.
            "(\"\(name.trimmingBackticks)\", { (model: \(model)) -> TemplateValue in model.\(name).templateValue })"
        }
        let list = "[\n" + readers.joined(separator: ",\n") + "\n]"
        // `inlining: "shared"`: the names of the (private) property `shared`, a
        // view model too, answered as this one's own, before its own fields.
        let inlined = node.arguments?.as(LabeledExprListSyntax.self)?.first { $0.label?.text == "inlining" }
            .flatMap { $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
        let table: DeclSyntax = if let inlined {
            """
            extension \(raw: model): TemplateFields {
                static let templateFields = TemplateFieldTable<\(raw: model)>({ (model: \(raw: model)) in model.\(raw: inlined) }, \(raw: list))
            }
            """
        } else {
            """
            extension \(raw: model): TemplateFields {
                static let templateFields = TemplateFieldTable<\(raw: model)>(reading: \(raw: list))
            }
            """
        }
        return [table.cast(ExtensionDeclSyntax.self)]
    }

    /// The properties a template may read, in the order written.
    static func fieldNames(of declaration: some DeclGroupSyntax) -> [String] {
        declaration.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .filter { variable in
                !variable.modifiers.contains { [.keyword(.static), .keyword(.class), .keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
            }
            .flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription } }
            .filter { !templateObjectRequirements.contains($0) }
    }

    /// What a view model tells the renderer (`TemplateObject`), not its template.
    static let templateObjectRequirements: Set<String> = ["keptRenderings", "isSameOnEveryPage"]
}

extension String {
    var trimmingBackticks: String { hasPrefix("`") ? String(dropFirst().dropLast()) : self }
}

struct Message: DiagnosticMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var diagnosticID: MessageID { MessageID(domain: "DaybookMacros", id: message) }
    var severity: DiagnosticSeverity { .error }
}

@main struct DaybookMacros: CompilerPlugin {
    let providingMacros: [Macro.Type] = [TemplateDataMacro.self]
}

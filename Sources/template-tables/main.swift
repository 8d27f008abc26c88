import Foundation
import TemplateTables

// `template-tables [--check]`, from the package's folder: writes each module's
// TemplateFields+Generated.swift, or (--check) names the view models whose
// tables it holds are out of date and exits 1.
let check = CommandLine.arguments.dropFirst().contains("--check")
let package = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
var stale = false
for module in TemplateTables.modules {
    let file = package.appendingPathComponent(module.generated)
    let expected = try TemplateTables.generatedFile(sources: module.sources, generated: module.generated, in: package)
    let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    if written == expected { continue }
    if check {
        let models = TemplateTables.staleModels(written: written, expected: expected)
        print("\(module.generated): out of date for \(models.isEmpty ? "its header" : models.joined(separator: ", ")); run \(TemplateTables.generator)")
        stale = true
    } else {
        try expected.write(to: file, atomically: true, encoding: .utf8)
        print("wrote \(module.generated)")
    }
}
if stale { exit(1) }

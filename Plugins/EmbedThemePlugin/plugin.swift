import Foundation
import PackagePlugin

/// Embeds `themes/default/` into the target that uses this plugin, rebuilt
/// whenever a file of the theme changes.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "themes/default")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: theme, includingPropertiesForKeys: nil) {
            for case let url as URL in walker { inputs.append(url) }
        }
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "EmbedTheme").url,
                arguments: [theme.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}

import ArgumentParser
import DaybookSite

@main
struct Daybook: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build a journal and study site from plain files.")
}

@testable import DaybookSite
import Testing

@Suite struct OutputGuardTests {
    func problem(_ output: String, file: Bool = false) -> String? {
        OutputGuard.problem(OutputGuard.Paths(output: output, content: "/home/me/site/content", themes: "/home/me/site/themes",
                                              workingFolder: "/home/me/site"), outputIsFile: file)
    }

    @Test func refusesEveryOutputThatHoldsOrIsTheSource() {
        #expect(problem("/home/me/site/content") == "it is the content folder")
        #expect(problem("/home/me/site/content/diary") == "it is inside the content folder")
        #expect(problem("/home/me/site") == "it contains the content folder")
        #expect(problem("/") == "it contains the content folder")
        #expect(problem("/home/me/site/themes/x") == "it is inside the themes folder")
        #expect(problem("/home/me/site/notes.txt", file: true) == "it is a file, and a build replaces the output whole")
        #expect(problem("/home/me/site/public") == nil)
        #expect(problem("/home/me/site/content-public") == nil)
        #expect(problem("/tmp/public") == nil)
    }

    @Test func theWorkingFolderIsNeverTheOutput() {
        let paths = OutputGuard.Paths(output: "/work", content: "/data/content", themes: "/data/themes", workingFolder: "/work")
        #expect(OutputGuard.problem(paths, outputIsFile: false) == "it is the working folder")
        let parent = OutputGuard.Paths(output: "/work", content: "/data/content", themes: "/data/themes", workingFolder: "/work/site")
        #expect(OutputGuard.problem(parent, outputIsFile: false) == "it contains the working folder")
    }

    @Test func staleStagingFoldersAreRecognisedByName() {
        #expect(OutputWriter.stalePID(".public.building-123", output: "public") == 123)
        #expect(OutputWriter.stalePID(".public.old-9", output: "public") == 9)
        #expect(OutputWriter.stalePID(".public.building-x", output: "public") == nil)
        #expect(OutputWriter.stalePID(".site.building-5", output: "public") == nil)
        #expect(OutputWriter.stalePID("public", output: "public") == nil)
    }
}

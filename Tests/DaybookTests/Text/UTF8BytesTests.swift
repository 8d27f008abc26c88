@testable import DaybookSite
import Testing

/// The byte searches that stand in for the standard library's generic ones on long texts.
struct UTF8BytesTests {
    @Test func containsBytesFindsTheSequenceWhereverItIs() {
        #expect("a %% comment".containsBytes("%%"))
        #expect("%%".containsBytes("%%"))
        #expect("ends with %%".containsBytes("%%"))
        #expect(!"50% and 60%".containsBytes("%%"))
        #expect(!"%".containsBytes("%%"))
        #expect(!"".containsBytes("%%"))
        #expect("한글 <br> 뒤".containsBytes("<br"))
        #expect(!"<bR>".containsBytes("<br"))
        // A substring's bytes only: what lies around it in its string is not searched.
        let line = "x %% y"
        #expect(!line.prefix(3).containsBytes("%%"))
        #expect(line.dropFirst(2).containsBytes("%%"))
    }
}

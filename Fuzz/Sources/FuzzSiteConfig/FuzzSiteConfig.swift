import DaybookSite
import FuzzSupport

/// `site.yml`.
@main
enum Main {
    static func main() { FuzzDriver.run(fuzzSiteConfig) }
}

func fuzzSiteConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let file = FuzzInput.file(data, size, path: "site.yml") else { return 0 }
    var diagnostics = Diagnostics()
    _ = SiteConfig.parse(file, into: &diagnostics)
    FuzzInput.render(diagnostics)
    return 0
}

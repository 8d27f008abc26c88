import Foundation

/// Paths built from data (a page's URL, a name from an imported file) below
/// a folder: proven to stay inside it before anything is read or written.
public enum RelativePath {
    /// Relative, without a `.` or `..` component: read by UTF-8 bytes, as
    /// the file system reads the path.
    public static func isContained(_ path: String) -> Bool {
        guard path.utf8.first != UInt8(ascii: "/") else { return false }
        // Dots since the last "/"; -1 once the component holds anything else.
        var dots = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if dots == 1 || dots == 2 { return false }
                dots = 0
            case UInt8(ascii: "."): if dots >= 0 { dots += 1 }
            default: dots = -1
            }
        }
        return dots != 1 && dots != 2
    }

    /// Whether `relative` below `folder` lies inside it once every link on the
    /// way is resolved (`realpath`), for a path that need not exist yet: its
    /// deepest existing folder is resolved. A dangling or looping link is outside.
    static func staysInside(_ relative: String, of folder: String, io: FileIO) -> Bool {
        guard isContained(relative), !relative.utf8.contains(0), let root = io.resolve(folder) else { return false }
        var existing = folder + "/" + relative
        while !io.exists(existing) {
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent.utf8.count >= folder.utf8.count, parent != existing else { return false }
            existing = parent
        }
        guard let real = io.resolve(existing) else { return false }
        return real == root || real.utf8.starts(with: (root == "/" ? "/" : root + "/").utf8)
    }
}

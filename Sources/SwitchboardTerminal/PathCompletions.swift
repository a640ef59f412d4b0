// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

/// The paths Tab completes `prefix` to: the entries of the directory it names up to its last `/` (the working
/// directory when it has none) whose names start with the rest, each as `prefix`'s directory part plus the name,
/// directories with a `/` after them. Only directories for `.directories`. Names starting with `.` only when the
/// typed name does; names that are not valid UTF-8 or hold control characters are left out (the first could not
/// be typed back as they are, the second could never be accepted). At most 10,000 names, sorted.
func pathCompletions(of prefix: String, _ kind: PathCompletion) -> [String] {
    let directoryPart: Substring
    let namePrefix: Substring
    if let slash = prefix.lastIndex(of: "/") {
        directoryPart = prefix[...slash]
        namePrefix = prefix[prefix.index(after: slash)...]
    } else {
        directoryPart = ""
        namePrefix = Substring(prefix)
    }
    let directory = directoryPart.isEmpty ? "." : String(directoryPart)
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var found: [String] = []
    while found.count < 10_000, let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
            let bytes = raw.prefix { $0 != 0 }
            return String(validating: bytes, as: UTF8.self)
        }
        guard let name, name != ".", name != "..", name.hasPrefix(namePrefix),
            !name.unicodeScalars.contains(where: needsDisplayEscape),
            !name.hasPrefix(".") || namePrefix.hasPrefix(".")
        else { continue }
        let full = String(directoryPart) + name
        var info = stat()
        let isDirectory = stat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        if kind == .directories && !isDirectory { continue }
        found.append(isDirectory ? full + "/" : full)
    }
    return found.sorted()
}

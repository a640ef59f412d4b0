// SPDX-License-Identifier: Apache-2.0
import Glibc
import SwitchboardRules
import Testing

/// A scratch directory under /tmp for one test, removed at the end.
final class ScratchDirectory {
    let path: String

    init() {
        var template = Array("/tmp/switchboard-paths-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func file(_ name: String, mode: mode_t = 0o644) -> String {
        let full = path + "/" + name
        let fd = open(full, O_CREAT | O_WRONLY | O_TRUNC, mode)
        precondition(fd >= 0)
        close(fd)
        chmod(full, mode)
        return full
    }

    func directory(_ name: String, mode: mode_t = 0o755) -> String {
        let full = path + "/" + name
        mkdir(full, mode)
        chmod(full, mode)
        return full
    }

    func link(_ name: String, to target: String) -> String {
        let full = path + "/" + name
        symlink(target, full)
        return full
    }

    deinit {
        // Give every directory back its permissions, then remove the tree (the path is mkdtemp's: no quotes).
        _ = system("chmod -R u+rwx '\(path)' 2>/dev/null; rm -rf '\(path)'")
    }
}

@Suite("Path rules")
struct PathRuleTests {
    @Test("file, dir, exists follow symbolic links; a dangling link does not exist")
    func kinds() throws {
        let scratch = ScratchDirectory()
        let file = scratch.file("notes.txt")
        let dir = scratch.directory("docs")
        let fileLink = scratch.link("link-to-file", to: file)
        let dirLink = scratch.link("link-to-dir", to: dir)
        let dangling = scratch.link("dangling", to: scratch.path + "/missing")
        let spaced = scratch.file("a name with spaces and 'quotes'.txt")
        let table: [(Rule, String, Bool)] = [
            (.file, file, true), (.file, dir, false), (.file, fileLink, true), (.file, dangling, false),
            (.file, spaced, true), (.file, scratch.path + "/missing", false), (.file, file + "/x", false),
            (.directory, dir, true), (.directory, dirLink, true), (.directory, file, false), (.directory, dir + "/", true),
            (.exists, file, true), (.exists, dir, true), (.exists, dangling, false), (.exists, "/dev/null", true),
            (.file, "/dev/null", false), (.path, scratch.path + "/missing", true), (.path, "", false),
            (.path, "a\u{0}b", false), (.path, String(repeating: "a", count: 256), false),
            (.path, String(repeating: "a/", count: 2047) + "a", true), (.path, String(repeating: "a", count: 4096), false),
            (.executable, "/bin/sh", true), (.executable, file, false), (.readable, file, true), (.writable, file, true),
            (.readable, scratch.path + "/missing", false),
        ]
        for (rule, value, passes) in table {
            let verdict = rule.check(value)
            #expect(verdict.isValid == passes, "\(rule.source) \(value.debugDescription)")
            #expect(verdict.failure?.isUndecided != true, "\(rule.source) \(value.debugDescription)")
            let fast = accepts(rule, Array(value.utf8))
            #expect(fast == passes, "\(rule.source) \(value.debugDescription)")
        }
    }

    @Test("a file that appears while the user types passes at the next check")
    func appears() {
        let scratch = ScratchDirectory()
        let rule = Rule.file
        let name = scratch.path + "/report.csv"
        #expect(rule.check(name).failure?.message == "must name an existing file")
        #expect(Rule.newPath.check(name).isValid)
        _ = scratch.file("report.csv")
        #expect(rule.check(name).isValid)
        #expect(!Rule.newPath.check(name).isValid)
        unlink(name)
        #expect(!rule.check(name).isValid)
    }

    @Test("new-path: not there yet (not even a dangling link), in an existing directory")
    func newPath() {
        let scratch = ScratchDirectory()
        let file = scratch.file("taken")
        let dangling = scratch.link("dangling", to: scratch.path + "/nowhere")
        #expect(Rule.newPath.check(scratch.path + "/fresh").isValid)
        #expect(Rule.newPath.check(scratch.path + "/fresh/").isValid)
        #expect(!Rule.newPath.check(file).isValid)
        #expect(!Rule.newPath.check(dangling).isValid)
        #expect(!Rule.newPath.check(scratch.path + "/no-such-dir/fresh").isValid)
        #expect(!Rule.newPath.check(file + "/fresh").isValid)
        #expect(!Rule.newPath.check("/").isValid)
        // The directory is found on the bytes: a name starting with a combining mark does not hide its slash.
        #expect(!Rule.newPath.check(scratch.path + "/no-such-dir/\u{301}x").isValid)
        #expect(Rule.newPath.check(scratch.path + "/\u{301}x").isValid)
    }

    @Test("a symbolic-link loop cannot be decided: an undecided failure, also under not:")
    func loop() {
        let scratch = ScratchDirectory()
        let a = scratch.path + "/a", b = scratch.path + "/b"
        symlink(b, a)
        symlink(a, b)
        for rule in [Rule.file, .directory, .exists, .readable, !Rule.exists, Rule.exists || Rule.email] {
            let verdict = rule.check(a)
            #expect(!verdict.isValid, "\(rule.source)")
            #expect(verdict.failure?.isUndecided == true, "\(rule.source)")
            #expect(verdict.failure?.message == "could not check the path: too many levels of symbolic links")
            #expect(!accepts(rule, Array(a.utf8)))
        }
    }

    @Test("permission denied on a directory on the way is undecided; an unreadable file is not readable",
          .enabled(if: geteuid() != 0, "root passes every permission check: the CLI test runs this as nobody"))
    func permissions() {
        let scratch = ScratchDirectory()
        let closed = scratch.directory("closed")
        _ = scratch.file("closed/inside.txt")
        chmod(closed, 0)
        let verdict = Rule.file.check(closed + "/inside.txt")
        #expect(verdict.failure?.isUndecided == true)
        #expect(verdict.failure?.message == "could not check the path: permission denied")
        #expect(Rule.newPath.check(closed + "/new").failure?.isUndecided == true)
        let secret = scratch.file("secret", mode: 0o200)
        #expect(!Rule.readable.check(secret).isValid && Rule.readable.check(secret).failure?.isUndecided == false)
        #expect(Rule.writable.check(secret).isValid)
        let readOnly = scratch.directory("read-only", mode: 0o555)
        #expect(Rule.newPath.check(readOnly + "/new").failure?.isUndecided == false)
        #expect(!Rule.newPath.check(readOnly + "/new").isValid)
    }
}

// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

// Issue 39: the repository's .pre-commit-hooks.yaml, as pre-commit runs it (pip's pre-commit, installed by
// `make test`): a bad config fails the hook, and the commit, naming FILE:LINE:COLUMN.

@Suite("the pre-commit hook")
struct PreCommitHookTests {
    /// Runs `command` in `directory` with the built switchboard first on PATH and pre-commit's cache in the scratch.
    private func run(_ command: [String], in directory: String, scratch: Scratch) throws -> CLIRun {
        let binaries = URL(fileURLWithPath: try switchboardPath()).deletingLastPathComponent().path
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try runProgram("/usr/bin/env", command, environment: [
            "PATH": path, "PRE_COMMIT_HOME": scratch.path("pre-commit-cache"),
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
        ], directory: directory)
    }

    @Test("pre-commit try-repo: a bad config fails with FILE:LINE:COLUMN, a good one passes; a commit is refused")
    func tryRepo() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let project = scratch.path("project")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try scratch.file("project/s.json", #"{"type": "object", "properties": {"port": {"type": "integer", "minimum": 1024}}}"#)
        try scratch.file("project/bad.yaml", "# yaml-language-server: $schema=s.json\nport: 80\n")
        try scratch.file("project/good.yaml", "# yaml-language-server: $schema=s.json\nport: 8080\n")
        #expect(try run(["git", "init", "-q"], in: project, scratch: scratch).status == 0)
        #expect(try run(["git", "add", "."], in: project, scratch: scratch).status == 0)
        let repository = repositoryFile("")
        let bad = try run(["python3", "-m", "pre_commit", "try-repo", repository, "switchboard-check-schema-system",
                           "--files", "bad.yaml", "good.yaml"], in: project, scratch: scratch)
        #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("bad.yaml:2:7: /port: must be at least 1024"), "\(bad.stdout)")
        let good = try run(["python3", "-m", "pre_commit", "try-repo", repository, "switchboard-check-schema-system",
                            "--files", "good.yaml"], in: project, scratch: scratch)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")

        // The repository's hook installed in the project, at the checkout's commit, as a .pre-commit-config.yaml
        // names it.
        let head = try run(["git", "-C", repository, "rev-parse", "HEAD"], in: project, scratch: scratch)
        try #require(head.status == 0)
        try scratch.file("project/.pre-commit-config.yaml", """
            repos:
              - repo: \(repository)
                rev: \(head.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                hooks:
                  - id: switchboard-check-schema-system
                    exclude: ^s\\.json$

            """)
        #expect(try run(["python3", "-m", "pre_commit", "install"], in: project, scratch: scratch).status == 0)
        #expect(try run(["git", "add", "."], in: project, scratch: scratch).status == 0)
        let commit = try run(["git", "commit", "-q", "-m", "configs"], in: project, scratch: scratch)
        #expect(commit.status != 0)
        #expect((commit.stdout + commit.stderr).contains("bad.yaml:2:7: /port: must be at least 1024"))
    }
}

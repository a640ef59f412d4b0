// SPDX-License-Identifier: GPL-3.0-or-later
/// A place in a spec file: the file name as given, a 1-based line and column (in characters).
public struct SpecLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file name as the caller gave it (`"signup.yaml"`), or `"<spec>"` for text.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// A place in a spec file (1-based line and column).
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `signup.yaml:12:9`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// One thing wrong in a spec file: where, and what was expected.
public struct SpecProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SpecLocation
    /// What was wrong and what would be right.
    public var message: String

    /// A problem at `location`.
    public init(_ location: SpecLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `signup.yaml:12:9: unknown rule "emial"; expected ...`.
    public var description: String { "\(location): \(message)" }
}

/// A spec file that could not be loaded: every problem found, in file order.
///
/// ```swift
/// do { _ = try FormSpec(contentsOf: "signup.yaml") }
/// catch { for problem in error.problems { print(problem) } }   // signup.yaml:7:14: no field named "emial" ...
/// ```
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every problem, sorted by line and column.
    public var problems: [SpecProblem]

    /// An error listing every problem found.
    public init(problems: [SpecProblem]) {
        self.problems = problems
    }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

// SPDX-License-Identifier: GPL-3.0-or-later
/// Where the options of a list question come from while it shows: a pipe whose producer is still writing
/// (`find / | switchboard choose File`). The question's read loop polls `fd` together with the terminal, and
/// calls `readMore` when it is readable; the options that have arrived are listed and filtered at once, and
/// Enter can pick one before the end.
///
/// ```swift
/// final class Lines: OptionFeed {
///     let fd: Int32 = 0
///     func readMore(into list: inout OptionList) throws -> Bool {
///         // one read(2) of fd; append each complete line; false at the end of input
///     }
/// }
/// ```
@MainActor
package protocol OptionFeed: AnyObject {
    /// The descriptor to poll for more options.
    var fd: Int32 { get }
    /// Reads once (what one `read(2)` returns, so it never blocks after poll said `fd` is readable) and appends
    /// the complete lines to `list`. Returns false at the end of input, after the last option was appended.
    /// An error ends the question: the terminal is restored and the error reaches the caller of `read()`.
    func readMore(into list: inout OptionList) throws -> Bool
}

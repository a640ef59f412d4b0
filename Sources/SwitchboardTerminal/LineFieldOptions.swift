// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

extension LineField {
    /// How a field talks to the terminal. Every property has a sensible default; set only what you need.
    ///
    /// ```swift
    /// var options = LineField.Options()
    /// options.masked = true
    /// options.hintAfterEnter = .keep
    /// let password = LineField(prompt: "Password", rules: [.nonEmpty], options: options)
    /// ```
    public struct Options: Sendable {
        /// Interactive line editing with live hints, or plain prompts without any cursor movement.
        public enum Mode: Sendable, Equatable {
            /// Plain when `TERM` is `dumb` or unset, interactive otherwise.
            case automatic
            /// readline with the live hint under the input.
            case interactive
            /// Accessible mode: the prompt is printed, the terminal's own line editing is used, and the
            /// verdict is printed after Enter (the field asks again while the value is invalid). No escape
            /// sequences at all.
            case plain
        }

        /// Whether hints use colour.
        public enum Color: Sendable, Equatable {
            /// Colour unless `NO_COLOR` is set (to anything non-empty) or the field is plain.
            case automatic
            case always
            case never
        }

        /// What happens to the hint line once a value is accepted.
        public enum HintAfterEnter: Sendable, Equatable {
            /// The hint is erased; the next output starts right under the input.
            case clear
            /// The final verdict stays on the screen under the input.
            case keep
        }

        /// Where the prompt and hints are written.
        public enum Output: Sendable, Equatable {
            /// Standard error when it is a terminal, else /dev/tty (so `V=$(tool)` shows the prompt and
            /// captures only the value).
            case automatic
            /// This already open terminal descriptor.
            case descriptor(Int32)
        }

        /// Interactive (readline, live hint) or plain (no cursor movement); `.automatic` is plain for
        /// `TERM=dumb` or no `TERM`.
        public var mode: Mode = .automatic
        /// Colour in the hint; `.automatic` honours `NO_COLOR`.
        public var color: Color = .automatic
        /// Show one `*` per character; the value never reaches the terminal or any history.
        public var masked = false
        /// Refuse Enter while the value is invalid (the text stays and the hint says why). Set to false to
        /// accept any value; the verdict is still in `verdict`.
        public var refusesInvalid = true
        /// What happens to the hint once a value is accepted: cleared (the default) or kept as the final
        /// verdict.
        public var hintAfterEnter: HintAfterEnter = .clear
        /// Values Tab completes to (by prefix). Without choices Tab completes nothing: never file names. A masked
        /// field never completes or lists them (what Tab completes, and the list Tab Tab shows for a prefix,
        /// would reveal what was typed); the value is still checked against whatever rules the field has.
        public var choices: [String] = []
        /// More values Tab completes to, worked out only when Tab is pressed (a list too long to make for every
        /// line read: the names of a big form's questions); the same rules as `choices`.
        ///
        /// ```swift
        /// options.choicesOnTab = { (0..<333).map { "services.\($0).build" } }
        /// ```
        public var choicesOnTab: (@MainActor @Sendable () -> [String])?
        /// Without `choices`, Tab completes file names (`.files`) or directory names (`.directories`) from the
        /// text typed so far, names with spaces and quotes inserted as they are; a field whose rule is a path
        /// rule sets this from `Rule.pathCompletion`. Never in a masked field.
        ///
        /// ```swift
        /// options.pathCompletion = try Rule.parse("dir").pathCompletion   // .directories
        /// ```
        public var pathCompletion: PathCompletion?
        /// Keep this field's accepted values as its own history (Up / Ctrl-R recall them). Never for masked
        /// fields.
        public var remembersHistory = true
        /// Also load and append the history to this file (created with mode 0600; a leading `~/` is the
        /// home directory). Ignored when masked.
        public var historyFile: String?
        /// The descriptor read from: standard input.
        public var input: Int32 = 0
        /// Where the prompt and the hint are drawn.
        public var output: Output = .automatic
        /// The words the field shows by itself ("checking…", "Enter for the default"...).
        public var words = FormWords()

        /// The defaults: automatic mode, colour and output; Enter refused on invalid values.
        ///
        /// ```swift
        /// var options = LineField.Options()
        /// options.masked = true
        /// ```
        public init() {}

        /// Whether these options mean plain mode (no cursor movement): `.plain`, or `.automatic` with `TERM` unset or
        /// `dumb`.
        package var isPlain: Bool {
            switch mode {
            case .plain: return true
            case .interactive: return false
            case .automatic:
                guard let term = getenv("TERM") else { return true }
                let name = String(cString: term)
                return name.isEmpty || name == "dumb"
            }
        }
    }
}

// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules

// `switchboard form --output env` writes `NAME='value'` lines for `eval`. A field name becomes a shell variable
// name, so it must be one (a name such as `1st` would run as a command), two fields must not become the same
// variable (the later one would win silently), and no field may set a variable the shell itself reads (IFS, PATH,
// PS4...) behind the script's back.

extension FormSpec {
    /// The variables a shell (POSIX sh, bash, zsh) or the dynamic loader reads or sets itself: `--output env`
    /// refuses fields that would set them.
    public static let shellVariables: Set<String> = [
        "_", "BASH", "BASHOPTS", "BASHPID", "CDPATH", "CHILD_MAX", "COLUMNS", "COMPREPLY", "COPROC", "DIRSTACK",
        "EMACS", "ENV", "EPOCHREALTIME", "EPOCHSECONDS", "EUID", "EXECIGNORE", "FCEDIT", "FIGNORE", "FPATH",
        "FUNCNAME", "FUNCNEST", "GLOBIGNORE", "GLOBSORT", "GROUPS", "HISTCHARS", "HISTCMD", "HISTCONTROL",
        "HISTFILE", "HISTFILESIZE", "HISTIGNORE", "HISTSIZE", "HISTTIMEFORMAT", "HOME", "HOSTFILE", "HOSTNAME",
        "HOSTTYPE", "IFS", "IGNOREEOF", "INPUTRC", "INSIDE_EMACS", "KEYTIMEOUT", "LANG", "LANGUAGE", "LINENO",
        "LINES", "MACHTYPE", "MAIL", "MAILCHECK", "MAILPATH", "MANPATH", "MAPFILE", "MODULE_PATH", "NLSPATH",
        "NULLCMD", "OLDPWD", "OPTARG", "OPTERR", "OPTIND", "OSTYPE", "PATH", "PERIOD", "PIPESTATUS",
        "POSIXLY_CORRECT", "POSTEDIT", "PPID", "PROMPT", "PROMPT_COMMAND", "PROMPT_DIRTRIM", "PS0", "PS1", "PS2",
        "PS3", "PS4", "PSVAR", "PWD", "RANDOM", "READNULLCMD", "REPLY", "RPROMPT", "SAVEHIST", "SECONDS", "SHELL",
        "SHELLOPTS", "SHLVL", "SRANDOM", "TERM", "TIMEFORMAT", "TMOUT", "TMPDIR", "TMPPREFIX", "UID", "WATCH",
        "WORDCHARS", "ZDOTDIR",
    ]

    /// Prefixes of variable families the shell, the locale or the dynamic loader reads (`LC_ALL`, `LD_PRELOAD`,
    /// `BASH_ENV`, `COMP_LINE`, `READLINE_LINE`, `ZSH_VERSION`).
    public static let shellVariablePrefixes = ["BASH_", "COMP_", "LC_", "LD_", "READLINE_", "ZSH_"]

    /// The shell variable `--output env` writes a field's answer to: ASCII letters upper-cased, `-` as `_`.
    ///
    /// ```swift
    /// FormSpec.environmentName(for: "first-name")   // "FIRST_NAME"
    /// ```
    public static func environmentName(for field: String) -> String {
        // Byte by byte: only ASCII letters and "-" change, and each stays one byte.
        String(decoding: field.utf8.map { byte in
            byte == UInt8(ascii: "-") ? UInt8(ascii: "_") : byte &- UInt8(ascii: "a") < 26 ? byte - 32 : byte
        }, as: UTF8.self)
    }

    /// Why the spec cannot be written as `NAME='value'` lines: a field whose variable name is not a shell
    /// identifier (`1st`, `été`), would set one of the shell's own variables (`path` sets PATH, `ifs` IFS), or is
    /// the same as another field's (`my-name` and `My_Name` are both MY_NAME). Each problem is at the field's
    /// name and says why; an empty list means `--output env` is safe for `eval`.
    ///
    /// ```swift
    /// for problem in try FormSpec(contentsOf: "signup.yaml").environmentNameProblems() { print(problem) }
    /// // signup.yaml:9:11: field "path" would set the shell's own variable PATH with --output env; ...
    /// ```
    public func environmentNameProblems() -> [SpecProblem] {
        var problems: [SpecProblem] = []
        var taken: [String: FieldSpec] = [:]
        for field in fields {
            let variable = FormSpec.environmentName(for: field.name)
            let shownField = "field \(displayQuoted(field.name, limit: 60))"
            if let first = variable.unicodeScalars.first, !(first == "_" || ("A"..."Z").contains(first)) {
                problems.append(SpecProblem(field.location, "\(shownField) cannot be a shell variable with "
                    + "--output env: \(displayQuoted(variable, limit: 60)) starts with \(displayQuoted(String(first))); "
                    + "a variable starts with a letter or _"))
            } else if let other = variable.unicodeScalars.first(where: {
                !($0 == "_" || ("A"..."Z").contains($0) || ("0"..."9").contains($0))
            }) {
                problems.append(SpecProblem(field.location, "\(shownField) cannot be a shell variable with "
                    + "--output env: \(displayQuoted(variable, limit: 60)) holds \(displayQuoted(String(other))); "
                    + "a variable has only A-Z, 0-9 and _"))
            } else if FormSpec.shellVariables.contains(variable)
                        || FormSpec.shellVariablePrefixes.contains(where: { variable.hasPrefix($0) }) {
                problems.append(SpecProblem(field.location, "\(shownField) would set the shell's own variable "
                    + "\(variable) with --output env; rename the field"))
            } else if let first = taken[variable] {
                problems.append(SpecProblem(field.location, "\(shownField) and field "
                    + "\(displayQuoted(first.name, limit: 60)) (line \(first.location.line)) both become \(variable) "
                    + "with --output env, and the later would silently win; rename one of them"))
            } else {
                taken[variable] = field
            }
        }
        return problems
    }
}

// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import SwitchboardCLISupport
import SwitchboardRules

/// What a shell offers after `--rule`: every rule name, every alias (`int`, `number`, `re`...), and `not:`.
let ruleNameCompletions = Rule.ruleNames + Rule.aliasNames + ["not:"]

/// Bash completes `--rule` values as rule names only: the script ArgumentParser writes registers the command with
/// `-o filenames` (so that file arguments complete), which makes bash treat `prefix` as a file name, append a `/`
/// when a folder of that name is there, and quote. The `--rule` branches turn that off for their own completion,
/// and add no space after `not:`, which a rule name follows.
func bashScriptCompletingRuleNames(_ script: String) -> String {
    var lines: [Substring] = []
    var inRuleCase = false
    let names = (Rule.ruleNames + Rule.aliasNames).joined(separator: " ")
    for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
        if line == #"    local -r prev="${3}""# {
            // "--rule not:em": bash splits the word at ":" (COMP_WORDBREAKS), so no "--rule" branch sees it.
            lines.append(line)
            lines.append(#"    if [[ "${COMP_WORDS[COMP_CWORD-3]}" == '--rule' && "${COMP_WORDS[COMP_CWORD-2]}" == 'not' && "${prev}" == ':' ]]; then"#)
            lines.append("        compopt +o filenames 2>/dev/null")
            lines.append(#"        COMPREPLY=($(compgen -W '\#(names)' -- "${cur}"))"#)
            lines.append("        return")
            lines.append("    fi")
            continue
        }
        if line.trimmingPrefix(while: { $0 == " " }) == "'--rule')" {
            inRuleCase = true
            lines.append(line)
            lines.append("        compopt +o filenames 2>/dev/null")
            continue
        }
        if inRuleCase, line.trimmingPrefix(while: { $0 == " " }).hasPrefix("return") {
            lines.append(#"        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *: ]] && compopt -o nospace 2>/dev/null"#)
            inRuleCase = false
        }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}

extension SwitchboardTool {
    /// `--generate-completion-script bash` (or `=bash`): the script, with the `--rule` branches completing rule
    /// names only. Nil for every other command line.
    static func bashCompletionScript(_ arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(where: { $0.hasPrefix("--generate-completion-script") }) else {
            return nil
        }
        let shell = arguments[index].contains("=") ? String(arguments[index].split(separator: "=").last ?? "")
            : index + 1 < arguments.count ? arguments[index + 1] : ""
        guard shell == "bash" else { return nil }
        return bashScriptCompletingRuleNames(completionScript(for: .bash))
    }
}

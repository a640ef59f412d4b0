// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport
import SwitchboardRules
import SwitchboardSchema
import SwitchboardSpec
import SwitchboardTerminal

/// `switchboard form --edit FILE` at a terminal: the schema's form over the file's values. Every question is
/// prefilled from the file; the values the schema refuses are said at `FILE:LINE:COLUMN` and asked first; then the
/// review, where any answer can be changed. Submitting writes back only the answers that changed (the rest of the
/// file byte for byte), after the whole edited document is checked; nothing changed writes nothing. Answers that
/// could not be written (the file changed on disk meanwhile) are kept in a draft for the next run.
extension EditRunner {
    @MainActor func runForm() throws(CommandFailure) {
        guard isTerminal(0) else {
            throw CommandFailure.usage("form --edit \(shown): its questions are asked at a terminal, and standard "
                                       + "input is not one; give the edits instead: --set POINTER=VALUE, --set-json "
                                       + "POINTER=JSON or --unset POINTER")
        }
        let (edited, text, editor, isJSON) = try open()
        let (validator, schemaDocument, schemaPath) = try loadSchema(text: text, value: editor.value)
        guard let schemaDocument, let schemaPath else {
            throw CommandFailure.usage("\(shown) is checked by a draft's metaschema, which has no form to ask; edit "
                                       + "it with --set, --set-json and --unset")
        }
        let schemaForm: SchemaForm
        do {
            schemaForm = try SchemaForm(schema: schemaDocument, file: schemaPath, compiled: validator)
        } catch {
            throw CommandFailure(lines: error.problems.map(\.description), status: ExitStatus.usage, plain: true)
        }
        let given = draft.map { Draft(path: $0) }
        if let given {
            do { try given.checkPath() } catch { throw CommandFailure.usage("--draft \(error)") }
            // A draft is written over and removed: never the file being edited, nor a file that is not a draft.
            if Self.isSameFile(given.path, file) {
                throw CommandFailure.usage("--draft \(displayEscaped(given.path, limit: 200)) is the file being "
                                           + "edited; give the draft a path of its own (nothing was changed)")
            }
            do { _ = try given.loadEdits() } catch {
                throw CommandFailure.usage("--draft \(error); give another path (nothing was changed)")
            }
        }
        CommandChecks.adoptOrphans()
        let (editing, resumed, used) = form(schemaForm, editor, given)
        // A draft whose edits do not apply to the file as it is now is left as it is (neither removed nor written
        // over): the edits in it are still the user's.
        let draftFile = used ? given : nil
        let prompter: TerminalPrompter
        do { prompter = try TerminalPrompter() } catch { throw CommandFailure.usage("form: \(error)") }
        var opening = ["Editing \(shown) (checked by \(displayEscaped(schemaPath, limit: 200))): "
                       + "only the answers you change are written back."]
        // The file is read again for its failures' places only when the form found some (checked once already).
        let refused = editing.documentFailures.isEmpty ? [] : locatedFailures(text, isJSON: isJSON, with: validator)
        if !refused.isEmpty {
            let values = refused.count == 1 ? "a value" : "\(refused.count) values"
            opening.append(editing.refusedFields.isEmpty
                ? "The schema refuses \(values) of the file that the form does not ask (fix the file; until then "
                    + "nothing can be written):"
                : "The schema refuses \(values) of the file (asked first):")
            opening += refused.prefix(20).map { "  " + $0 }
            if refused.count > 20 { opening.append("  and \(refused.count - 20) more") }
        }
        let asWritten = editing.keptAsWritten
        if !asWritten.isEmpty {
            opening.append("Kept as the file writes them (the form asks one value where the file holds more): "
                           + displayEscaped(asWritten.prefix(10).joined(separator: ", "))
                           + (asWritten.count > 10 ? " and \(asWritten.count - 10) more" : ""))
        }
        if let resumed { opening.append(resumed) }
        if editor.documentCount > 1 {
            opening.append("The file holds \(editor.documentCount) YAML documents: the form asks the first; the others stay as "
                           + "they are.")
        }
        if draftFile == nil, !dryRun, case let fallback = Draft(path: file + ".draft.json"),
           (try? fallback.checkPath()) == nil {
            opening.append("Changes that cannot be written could not be kept in \(displayEscaped(fallback.path)) "
                           + "(it is not a file this user can write); give --draft FILE to keep them.")
        }
        prompter.show(opening.joined(separator: "\n"))
        // The process ends after the form: its tens of thousands of questions (a big file's) are not torn down.
        EndOfProcess.keep(editing)
        let flow = FormFlow(editing.form)
        flow.reviewAfterAsking = editing.refusedFields
        flow.reviewListsEmptyAnswers = false
        let result = flow.run(prompter: prompter)
        guard result.status == .submitted else {
            keep(editing, in: draftFile)
            throw CommandFailure.status(result.exitStatus)
        }
        // What the submit check found valid (the whole edited document checked), else worked out again.
        let changes: [DocumentEdit]
        let newText: String
        if let submitted = editing.submitted {
            (changes, newText) = submitted
        } else {
            changes = editing.changes
            do { newText = try editing.editedText(applying: changes) } catch {
                let place = error.location.map { ":\($0.line):\($0.column)" } ?? ""
                throw CommandFailure(lines: ["\(shown)\(place): \(displayEscaped(error.pointer)): "
                                             + displayEscaped(error.problem), "\(shown): not changed"]
                                     + kept(editing, in: draftFile), status: ExitStatus.invalid, plain: true)
            }
        }
        guard !changes.isEmpty else {
            standardError("\(shown): no answer changed; nothing written")
            draftFile?.remove()
            return
        }
        let newBytes = Array(newText.utf8)
        if dryRun { return printDiff(edited, newBytes) }
        do {
            if editing.submitted == nil { try validate(newText, isJSON: isJSON, with: validator) }
            // From here the file is written: a Ctrl-C (or a SIGTERM, a SIGHUP) that comes now no longer ends the
            // process, which would say 130 with the file changed; the exit status says what happened.
            Self.finishingUninterrupted()
            try edited.replace(with: newBytes, backup: backup)
        } catch {
            throw CommandFailure(lines: error.lines + kept(editing, in: draftFile), status: error.status, plain: true)
        }
        sayWritten(edited, count: changes.count)
        draftFile?.remove()
    }

    /// The form over the file's values, with the edits a draft kept (from a run that could not write them) made;
    /// the line that says what the draft gave, or why it is not used.
    /// `used`: false when the draft is there and not used (it is then left as it is).
    @MainActor private func form(_ schemaForm: SchemaForm, _ editor: DocumentEditor,
                                 _ draft: Draft?) -> (SchemaDocumentForm, String?, used: Bool) {
        guard let draft else { return (SchemaDocumentForm(schemaForm, editing: editor), nil, true) }
        let shownDraft = displayEscaped(draft.path, limit: 200)
        let edits: [DocumentEdit]
        do {
            guard let saved = try draft.loadEdits(checkedAgainst: editor.value), !saved.isEmpty else {
                return (SchemaDocumentForm(schemaForm, editing: editor), nil, true)
            }
            edits = saved
        } catch {
            return (SchemaDocumentForm(schemaForm, editing: editor),
                    "The draft is not used, and left as it is: \(error)", false)
        }
        do {
            let editing = try SchemaDocumentForm(schemaForm, editing: editor, resuming: edits)
            let said = edits.map { edit in
                switch edit.change {
                case .remove: return displayEscaped(edit.pointer) + " (removed)"
                case .rename(let name): return displayEscaped(edit.pointer) + " (renamed " + displayQuoted(name) + ")"
                case .set: return displayEscaped(edit.pointer)
                }
            }
            return (editing, "Edits from the draft \(shownDraft), in the answers: " + said.joined(separator: ", "), true)
        } catch {
            return (SchemaDocumentForm(schemaForm, editing: editor),
                    "The draft \(shownDraft) is not used, and left as it is: its edits do not apply to the file as it "
                    + "is now (\(displayEscaped(error.pointer)): \(displayEscaped(error.problem)))", false)
        }
    }

    /// Saves the edits the answers make to the draft (given, else `FILE.draft.json`); the lines that say where.
    @MainActor private func kept(_ editing: SchemaDocumentForm, in draft: Draft?) -> [String] {
        let edits = editing.changes
        guard !edits.isEmpty else { return [] }
        let target = draft ?? Draft(path: file + ".draft.json")
        do {
            try target.save(edits: edits, over: editing.editor.value)
        } catch {
            return ["your changes could not be kept: \(error)"]
        }
        let path = displayEscaped(target.path, limit: 200)
        return ["your changes are kept in \(path); run `switchboard form --edit \(shown) --draft \(path)` "
                + "to make them in the file as it is now"]
    }

    /// On Ctrl-C or end of input: the edits the answers make into the draft, when one was given.
    @MainActor private func keep(_ editing: SchemaDocumentForm, in draft: Draft?) {
        guard let draft else { return }
        let edits = editing.changes
        if !edits.isEmpty { try? draft.save(edits: edits, over: editing.editor.value) }
    }
}

/// Objects kept until the process exits, instead of being torn down just before it does.
@MainActor enum EndOfProcess {
    private static var kept: [AnyObject] = []
    static func keep(_ object: AnyObject) { kept.append(object) }
}

extension EditRunner {
    /// Ignores the signals that end the process from the terminal or a supervisor (the write that follows takes
    /// milliseconds: rename, fsync).
    static func finishingUninterrupted() {
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP] { signal(number, SIG_IGN) }
    }

    /// Whether `a` and `b` name the same file (through links too); false when either is not there.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

extension ReadlineSession {
    // MARK: text

    private func bufferBytes() -> [UInt8] {
        guard let buffer = sb_rl_line_buffer() else { return [] }
        let count = Int(sb_rl_end())
        return buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// Whether readline's line differs from `lastBuffer` (compared in place: no copy per keystroke).
    func bufferChanged() -> Bool {
        let count = Int(sb_rl_end())
        guard count == lastBuffer.count else { return true }
        guard count > 0, let buffer = sb_rl_line_buffer() else { return false }
        // A loop, not memcmp in withUnsafeBytes: that closure would be checked to run on the main actor.
        for index in 0..<count where UInt8(bitPattern: buffer[index]) != lastBuffer[index] { return true }
        return false
    }

    /// A list's filter is one line: line breaks and tabs pasted into it (bracketed paste inserts them) go, a run
    /// of them inside the text becoming one space (`"green\n"` filters by `green`, `"gr\nee"` by `gr ee`), so
    /// that the line does not break on the screen and the filter can still match.
    private func flattenListFilter() {
        guard let state = field.list, state.showsList, let buffer = sb_rl_line_buffer() else { return }
        let count = Int(sb_rl_end())
        var found = false
        for index in 0..<count where buffer[index] == 0x0A || buffer[index] == 0x0D || buffer[index] == 0x09 {
            found = true
            break
        }
        guard found else { return }
        let pieces = bufferBytes().split(whereSeparator: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        let atEnd = sb_rl_point() >= sb_rl_end()
        let point = sb_rl_point()
        rl_replace_line(pieces.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "), 0)
        sb_rl_set_point(atEnd ? sb_rl_end() : min(point, sb_rl_end()))
    }

    /// Publishes the line buffer as the field's text if it changed: one change, one validation.
    func syncText() {
        if field.list != nil && bufferChanged() { flattenListFilter() }
        guard bufferChanged() || !validated && sb_rl_end() > 0 else { return }
        // Copied into the storage lastBuffer already has: no allocation per keystroke.
        let count = Int(sb_rl_end())
        lastBuffer.removeAll(keepingCapacity: true)
        if count > 0, let buffer = sb_rl_line_buffer() {
            buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
                lastBuffer.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }
        // ASCII (what is typed most) is valid UTF-8 as it is; only other text goes through validation. (A loop,
        // not allSatisfy: a closure written in main-actor code is checked to run on the main actor at every call.)
        var ascii = true
        for byte in lastBuffer where byte >= 0x80 {
            ascii = false
            break
        }
        let decoded: String? = ascii ? String(decoding: lastBuffer, as: UTF8.self)
            : String(validating: lastBuffer, as: UTF8.self)
        field.textBytesAreValidUTF8 = decoded != nil
        lastText = decoded ?? String(decoding: lastBuffer, as: UTF8.self)
        refused = false
        if field.text.value == lastText {
            field.field.revalidate()   // the initial text, now on the line
        } else {
            field.text.value = lastText
        }
        validated = true
    }

    /// The host (or a binding such as `<~>`) set the text while the field is being read: put it on the line.
    func textSetByHost(_ value: String) {
        guard ReadlineSession.active === self, outcome == nil, value != lastText else { return }
        rl_replace_line(value, 0)
        sb_rl_set_point(sb_rl_end())
        lastBuffer = bufferBytes()
        lastText = value
        field.textBytesAreValidUTF8 = true
        validated = true
        redisplayDeferred = true
    }

    /// Whether more input is already waiting (a paste, keys typed faster than drawn): then validating and
    /// drawing wait until it is read. readline's pushed-back key, bytes counted and not read yet, or, after a
    /// command other than self-insert, bytes the terminal holds (FIONREAD). After self-insert nothing else needs
    /// asking: readline has inserted every printable key that was waiting and pushed back the first other one.
    func inputPending() -> Bool {
        if sb_rl_pending_input() != 0 || sb_rl_known_input() > 0 { return true }
        if sb_rl_last_command_was_insert() != 0 { return false }
        var waiting: Int32 = 0
        return ioctl(streams.inputFD, UInt(FIONREAD), &waiting) == 0 && waiting > 0
    }

}

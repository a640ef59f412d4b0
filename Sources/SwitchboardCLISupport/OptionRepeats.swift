// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardTerminal

/// Finds an option that repeats an earlier one while a long list is read: an open-addressing table of 8-byte
/// slots (32 bits of the option's hash, its index + 1), at most half full, so a million options cost at most 16 MB
/// (a dictionary took about 40). Equal hashes are confirmed by comparing the bytes.
struct OptionRepeats {
    private var slots = [UInt64](repeating: 0, count: 1024)
    private var used = 0

    /// The index of an earlier option equal to `option` (whose index is `index`), or nil after recording it.
    mutating func earlier(than index: Int, _ option: ArraySlice<UInt8>, in list: OptionList) -> Int? {
        var hasher = Hasher()
        for byte in option { hasher.combine(byte) }
        let hash = UInt32(truncatingIfNeeded: hasher.finalize())
        if (used + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var position = Int(hash) & mask
        while slots[position] != 0 {
            let entry = slots[position]
            let other = Int(entry & 0xFFFF_FFFF) - 1
            if UInt32(entry >> 32) == hash && list.option(other).utf8.elementsEqual(option) { return other }
            position = (position + 1) & mask
        }
        slots[position] = UInt64(hash) << 32 | UInt64(index + 1)
        used += 1
        return nil
    }

    /// Twice the slots; each entry goes where its stored hash bits say.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var position = Int(UInt32(entry >> 32)) & mask
            while slots[position] != 0 { position = (position + 1) & mask }
            slots[position] = entry
        }
    }
}

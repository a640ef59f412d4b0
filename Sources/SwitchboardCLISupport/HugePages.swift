// SPDX-License-Identifier: GPL-3.0-or-later

/// `switchboard` starts `switchboard-full` with glibc's malloc on transparent huge pages: a form of thousands of
/// fields makes hundreds of thousands of small objects, and on 4 KB pages the kernel's page faults were an eighth of
/// the time to a 2,000-property schema's first question (`scripts/bench-schema-form.sh`). glibc reads its tunables
/// once, when a program starts, so they are set for the program `switchboard` starts, and only when the user set
/// none; `switchboard-full` takes them out of its environment first thing, so the commands it runs (check and
/// choices commands, hooks) see the user's own environment.
///
/// ```swift
/// HugePages.forHandOff()            // switchboard, just before execv
/// HugePages.restoreEnvironment()    // switchboard-full, first thing in main()
/// ```
package enum HugePages {
    /// Set beside `GLIBC_TUNABLES` when `switchboard` set it.
    static let marker = "SWITCHBOARD_SET_GLIBC_TUNABLES"
    /// glibc 2.35 and later: malloc asks for transparent huge pages for its heap (`madvise`); older ones ignore it.
    static let tunables = "glibc.malloc.hugetlb=1"

    /// Sets the tunables for the program about to be started, unless the user set tunables of their own.
    package static func forHandOff() {
        #if os(Linux)
        guard getenv("GLIBC_TUNABLES") == nil else { return }
        setenv("GLIBC_TUNABLES", tunables, 1)
        setenv(marker, "1", 1)
        #endif
    }

    /// Takes out what `forHandOff` set (before any thread starts: `unsetenv` is not thread-safe).
    package static func restoreEnvironment() {
        #if os(Linux)
        guard getenv(marker) != nil else { return }
        unsetenv("GLIBC_TUNABLES")
        unsetenv(marker)
        #endif
    }
}

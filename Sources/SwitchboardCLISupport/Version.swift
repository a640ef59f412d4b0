// SPDX-License-Identifier: GPL-3.0-or-later
/// The version `switchboard --version` prints (and the man page shows): the one place it is kept. A test
/// (`HelpTests.versionMatchesChangelog`) keeps it equal to the newest version heading in CHANGELOG.md.
package let switchboardVersion = "0.1.0"

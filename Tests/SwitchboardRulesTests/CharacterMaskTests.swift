// SPDX-License-Identifier: Apache-2.0
@testable import SwitchboardRules
import Testing

/// The scanners' character sets are written as constant masks (so `check` pays no lazy initialisation per line):
/// each must be exactly the set its characters build.
@Suite("Character masks")
struct CharacterMaskTests {
    @Test("every constant mask is the set of the characters it stands for")
    func masksMatchTheirCharacters() {
        let table: [(String, ASCIISet, String)] = [
            ("Scan.emailLocal", Scan.emailLocal, ".!#$%&'*+/=?^_`{|}~-"),
            ("Scan.labelCharacter", Scan.labelCharacter, "-"),
            ("TextScan.base64Character", TextScan.base64Character, "+/"),
            ("URIScan.unreservedSubDelims", URIScan.unreservedSubDelims, "-._~!$&'()*+,;="),
            ("URIScan.schemeCharacter", URIScan.schemeCharacter, "+-."),
        ]
        for (name, mask, members) in table {
            #expect(mask == ASCIISet(alphanumericsAnd: members), "\(name)")
        }
    }
}

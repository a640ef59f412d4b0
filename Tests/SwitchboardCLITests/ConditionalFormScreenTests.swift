// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TerminalTestSupport

/// The rows of the screen from the last one starting with `marker` on (the latest review, the latest prompt).
private func from(_ marker: String, in screen: String?) -> String {
    guard let screen else { return "" }
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = rows.lastIndex(where: { $0.hasPrefix(marker) }) else { return "" }
    var shown = Array(rows[start...])
    while shown.last == "" { shown.removeLast() }   // the empty rows under the cursor
    return shown.joined(separator: "\n")
}

private func count(_ text: String, in screen: String?) -> Int {
    (screen ?? "").components(separatedBy: text).count - 1
}

/// What a person sees: conditional questions, choices from commands and a form in Vietnamese, on a virtual screen.
@Suite("conditional forms on a virtual screen")
struct ConditionalFormScreenTests {
    private func start(_ spec: String, output: String, height: Int = 60) throws -> KitScreen {
        try KitScreen(command: shellQuote(try switchboardPath()) + " form " + shellQuote(spec) + " > "
                       + shellQuote(output), width: 100, height: height, environment: ["NO_COLOR": "1"])
    }

    @Test("a changed answer in the review shows and hides questions at once; a remembered answer comes back")
    func reviewEdits() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let output = scratch.path("out.json")
        let screen = try start(example("questionnaire/questionnaire.yaml"), output: output)
        defer { screen.kill() }
        #expect(screen.waitFor("Your name:") != nil)
        screen.type("Ada")
        screen.press("Enter")
        #expect(screen.waitFor("› employed") != nil)                 // a list under the input
        screen.type("employed")
        screen.press("Enter")
        #expect(screen.waitFor("Company:") != nil)                   // the branch taken
        screen.type("ACME")
        screen.press("Enter")
        #expect(screen.waitFor("Age:") != nil)
        screen.type("36")
        screen.press("Enter")
        #expect(screen.waitFor("Newsletter (yes/no):") != nil)
        screen.type("no")
        screen.press("Enter")
        let first = screen.waitFor("Enter to submit:")
        #expect(!(first ?? "").contains("School:") && !(first ?? "").contains("How often"))   // not taken
        #expect(from("Review:", in: first) == """
            Review:
              1. name        Ada       ✓
              2. status      employed  ✓
              3. company     ACME      ✓
              4. age         36        ✓
              5. newsletter  no        ✓
            Number or name to edit, Enter to submit:
            """)

        // The status becomes "student": the school is asked at once, then the discount (any: student); the
        // company leaves the review.
        screen.type("2")
        screen.press("Enter")
        #expect(screen.waitUntil { count("↑↓ move · Enter picks", in: $0) == 1 } != nil)
        screen.type("student")
        screen.press("Enter")
        #expect(screen.waitFor("School:") != nil)
        screen.type("HUST")
        screen.press("Enter")
        #expect(screen.waitFor("Student discount card number:") != nil)
        screen.press("Enter")
        let second = screen.waitUntil { count("Enter to submit:", in: $0) == 2 }
        #expect(from("Review:", in: second) == """
            Review:
              1. name        Ada      ✓
              2. status      student  ✓
              3. school      HUST     ✓
              4. age         36       ✓
              5. discount             ✓
              6. newsletter  no       ✓
            Number or name to edit, Enter to submit:
            """)

        // Back to "employed": ACME comes back without being asked; school and discount leave.
        screen.type("status")
        screen.press("Enter")
        #expect(screen.waitUntil { count("↑↓ move · Enter picks", in: $0) == 1 } != nil)
        screen.type("employed")
        screen.press("Enter")
        let third = screen.waitUntil { count("Enter to submit:", in: $0) == 3 }
        #expect(count("Company:", in: third) == 1)                   // asked once, at the start
        #expect(from("Review:", in: third) == """
            Review:
              1. name        Ada       ✓
              2. status      employed  ✓
              3. company     ACME      ✓
              4. age         36        ✓
              5. newsletter  no        ✓
            Number or name to edit, Enter to submit:
            """)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        let answers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            as? [String: Any]
        #expect(answers?["company"] as? String == "ACME")
        #expect(answers?["school"] == nil && answers?["discount"] == nil)
    }

    @Test("choices from a command: listed in the prompt, run again when an answer changes, hostile lines unseen")
    func choicesCommand() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("b"), withIntermediateDirectories: true)
        for name in ["a/apple", "a/avocado", "b/banana"] { try scratch.file(name, "") }
        let script = try scratch.file("list.sh", """
            ls "$SWITCHBOARD_ANSWER_FOLDER"
            printf '\\033[2J\\033]0;PWNED\\007 hostile\\n'
            """)
        let spec = try scratch.file("c.yaml", """
            fields:
              - {name: folder, prompt: Folder}
              - name: file
                prompt: File
                choices: {command: 'sh \(script)'}
            """)
        let output = scratch.path("out.json")
        let screen = try start(spec, output: output)
        defer { screen.kill() }
        #expect(screen.waitFor("Folder:") != nil)
        screen.type(scratch.path("a"))
        screen.press("Enter")
        let listed = screen.waitFor("  avocado")
        #expect(listed?.contains("› apple\n  avocado\n") == true)   // the hostile line is no choice
        screen.type("ap")
        screen.press("Enter")
        #expect(screen.waitFor("File: apple") != nil)
        #expect(screen.waitFor("Enter to submit:") != nil)
        // A new folder: the command runs again, the old answer is no choice any more and is asked at once.
        screen.type("1")
        screen.press("Enter")
        #expect(screen.waitUntil { count("Folder: ", in: $0) == 2 } != nil)
        screen.press("C-u")
        screen.type(scratch.path("b"))
        screen.press("Enter")
        let asked = screen.waitFor("› banana")
        #expect(asked?.contains("file: must be one of banana") == true)
        screen.press("Enter")
        #expect(screen.waitUntil { count("Enter to submit:", in: $0) == 2 } != nil)
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        #expect(screen.paneTitle() != "PWNED")
        #expect(!(screen.capture()).contains("hostile"))
        let answers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            as? [String: String]
        #expect(answers?["file"] == "banana")
    }

    @Test("--draft keeps the shown answers only; the next run resumes them and asks what the branch needs")
    func draft() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let draft = scratch.path("draft.json")
        let spec = example("questionnaire/questionnaire.yaml")
        let first = try KitScreen(command: shellQuote(try switchboardPath()) + " form " + shellQuote(spec)
                                   + " --draft " + shellQuote(draft) + " > /dev/null", width: 100, height: 40,
                                   environment: ["NO_COLOR": "1"])
        defer { first.kill() }
        #expect(first.waitFor("Your name:") != nil)
        first.type("Ada")
        first.press("Enter")
        #expect(first.waitFor("› employed") != nil)
        first.type("employed")
        first.press("Enter")
        #expect(first.waitFor("Company:") != nil)
        first.type("ACME")
        first.press("Enter")
        #expect(first.waitFor("Age:") != nil)
        first.type("36")
        first.press("Enter")
        #expect(first.waitFor("Newsletter (yes/no):") != nil)
        first.type("no")
        first.press("Enter")
        #expect(first.waitFor("Enter to submit:") != nil)
        first.type("2")                                  // employed -> other: the company is hidden
        first.press("Enter")
        #expect(first.waitUntil { count("↑↓ move · Enter picks", in: $0) == 1 } != nil)
        first.type("other")
        first.press("Enter")
        #expect(first.waitUntil { count("Enter to submit:", in: $0) == 2 } != nil)
        first.press("C-c")
        #expect(first.waitForExit() == 130)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: draft)))
            as? [String: Any]
        #expect(saved?.keys.sorted() == ["age", "name", "newsletter", "status"])   // no company

        let output = scratch.path("out.json")
        let resumed = try KitScreen(command: shellQuote(try switchboardPath()) + " form " + shellQuote(spec)
                                     + " --draft " + shellQuote(draft) + " > " + shellQuote(output), width: 100,
                                     height: 40, environment: ["NO_COLOR": "1"])
        defer { resumed.kill() }
        let review = resumed.waitFor("Enter to submit:")        // every shown answer came from the draft
        #expect(review?.contains("Resuming from") == true)
        #expect(!(review ?? "").contains("Company"))
        #expect(from("Review:", in: review) == """
            Review:
              1. name        Ada    ✓
              2. status      other  ✓
              3. age         36     ✓
              4. newsletter  no     ✓
            Number or name to edit, Enter to submit:
            """)
        resumed.press("Enter")
        #expect(resumed.waitForExit() == 0)
        let answers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            as? [String: Any]
        #expect(answers?.keys.sorted() == ["age", "name", "newsletter", "status"])
    }

    @Test("Ctrl-C while a choices command runs: the command's group is killed and reaped, exit 130")
    func choicesCommandCancelled() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let pidFile = scratch.path("pid")
        let spec = try scratch.file("c.yaml", """
            fields:
              - {name: folder, prompt: Folder}
              - name: file
                prompt: File
                choices: {command: 'sleep 30 & echo $! > \(pidFile); wait', timeout: 60}
            """)
        let screen = try start(spec, output: "/dev/null", height: 10)
        defer { screen.kill() }
        #expect(screen.waitFor("Folder:") != nil)
        screen.type("x")
        screen.press("Enter")
        var pid: Int32 = 0
        #expect(screen.waitUntil { _ in
            pid = Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            return pid > 0
        } != nil)
        screen.press("C-c")
        #expect(screen.waitForExit() == 130)
        #expect(kill(pid, 0) != 0 && errno == ESRCH)     // the sleep is gone, reaped
    }

    @Test("the signup form in Vietnamese: every word on the screen from the spec")
    func vietnamese() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let output = scratch.path("out.json")
        let screen = try start(example("signup/signup.vi.yaml"), output: output)
        defer { screen.kill() }
        #expect(screen.waitFor("Đăng ký") != nil)
        #expect(screen.waitFor("Email:") != nil)
        screen.type("ada")
        #expect(screen.waitFor("✗ phải là một địa chỉ email hợp lệ") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("✗ phải là một địa chỉ email hợp lệ (Enter cần một giá trị hợp lệ)") != nil)
        screen.type("@example.com")
        screen.press("Enter")
        #expect(screen.waitFor("Tên đăng nhập: ada") != nil)
        screen.press("C-u")
        screen.type("root")
        #expect(screen.waitFor("✗ đã có người dùng") != nil)         // the check command's own message
        screen.press("C-u")
        screen.type("ada")
        screen.press("Enter")
        #expect(screen.waitFor("Mật khẩu:") != nil)
        screen.type("ngắn")
        #expect(screen.waitFor("✗ phải dài từ 8 đến 64 ký tự") != nil)
        screen.type(" nhưng đủ dài")
        screen.press("Enter")
        #expect(screen.waitFor("Nhập lại mật khẩu:") != nil)
        screen.type("ngắn nhưng đủ dài")
        screen.press("Enter")
        #expect(screen.waitFor("Tuổi:") != nil)
        screen.type("abc")
        #expect(screen.waitFor("✗ phải là một số") != nil)
        screen.press("C-u")
        screen.type("36")
        screen.press("Enter")
        #expect(screen.waitFor("↑↓ di chuyển · Enter để chọn") != nil)   // the list's words from the spec
        screen.type("Vi")
        #expect(screen.waitFor("› Việt Nam") != nil)
        screen.press("Enter")
        #expect(screen.waitFor("Quốc gia: Việt Nam") != nil)
        #expect(screen.waitFor("Nhận bản tin (có/không):") != nil)
        screen.type("x")
        #expect(screen.waitFor("✗ phải là có hoặc không") != nil)
        screen.press("BSpace")
        screen.type("có")
        screen.press("Enter")
        #expect(screen.waitFor("› hằng ngày") != nil)                     // the condition holds
        screen.type("tuần")
        screen.press("Enter")
        #expect(screen.waitFor("Bao lâu một lần: hằng tuần") != nil)
        #expect(screen.waitFor("Giới thiệu ngắn (một dòng trống hoặc Ctrl-D để kết thúc):") != nil)
        screen.press("Enter")
        let review = screen.waitFor("Gõ số hoặc tên để sửa, Enter để gửi:")
        #expect(from("Xem lại:", in: review) == """
            Xem lại:
              1. email       ada@example.com  ✓
              2. username    ada              ✓
              3. password    ********         ✓
              4. confirm     ********         ✓
              5. age         36               ✓
              6. country     Việt Nam         ✓
              7. newsletter  có               ✓
              8. frequency   hằng tuần        ✓
              9. bio                          ✓
            Gõ số hoặc tên để sửa, Enter để gửi:
            """)
        screen.type("x")
        #expect(screen.waitFor("✗ hãy gõ một số từ 1 đến 9 hoặc tên một mục") != nil)
        screen.press("BSpace")
        // "không" hides how often; the review shows it at once.
        screen.type("newsletter")
        screen.press("Enter")
        let reviewPrompt = "Gõ số hoặc tên để sửa"
        #expect(screen.waitUntil { askedAfterReview("Nhận bản tin (có/không): có", in: $0, review: reviewPrompt) } != nil)
        screen.press("C-u")
        screen.type("không")
        screen.press("Enter")
        let edited = screen.waitUntil { count("Gõ số hoặc tên để sửa, Enter để gửi:", in: $0) == 2 }
        #expect(from("Xem lại:", in: edited).contains("  7. newsletter  không            ✓\n  8. bio"))
        screen.press("Enter")
        #expect(screen.waitForExit() == 0)
        let answers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            as? [String: Any]
        #expect(answers?["newsletter"] as? Bool == false)
        #expect(answers?["frequency"] == nil)
        #expect(answers?["country"] as? String == "Việt Nam")
    }

    @Test("rule messages from words: on the line (its own control-character rule too), an author's message kept")
    func ruleMessagesOnTheLine() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("w.yaml", """
            words:
              rules: {required: "WORDS-REQUIRED", text: "WORDS-CONTROL"}
            fields:
              - name: nick
                rules: [{rule: required, message: "AUTHORED"}]
            """)
        let screen = try start(spec, output: "/dev/null", height: 10)
        defer { screen.kill() }
        #expect(screen.waitFor("nick:") != nil)
        screen.type(" ")
        #expect(screen.waitFor("✗ AUTHORED") != nil)              // blank: the author's message, not the words'
        screen.press("BSpace")
        screen.press("Enter")
        #expect(screen.waitFor("✗ WORDS-REQUIRED") != nil)        // empty: the kind's required, in the words
        screen.type("a")
        screen.press("C-v")
        screen.press("C-a")
        #expect(screen.waitFor("✗ WORDS-CONTROL") != nil)         // the line's own rule, in the words
        screen.press("C-c")
        #expect(screen.waitForExit() == 130)
    }

    @Test("\"checking…\" in the spec's words while a check runs")
    func checkingWord() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let spec = try scratch.file("w.yaml", """
            words: {checking: "đang kiểm tra…"}
            fields:
              - name: user
                check: {command: "sleep 2", debounce: 0}
            """)
        let screen = try start(spec, output: "/dev/null", height: 10)
        defer { screen.kill() }
        #expect(screen.waitFor("user:") != nil)
        screen.type("ada")
        #expect(screen.waitFor("đang kiểm tra…") != nil)
        screen.press("C-c")
        #expect(screen.waitForExit() == 130)
    }
}

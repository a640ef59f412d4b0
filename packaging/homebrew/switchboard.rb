# SPDX-License-Identifier: GPL-3.0-or-later
# Homebrew formula for the `switchboard` command (macOS; GNU readline from Homebrew, never the system's libedit).
# Not in homebrew-core: put it in a tap of your own (Portability article, "Homebrew"), e.g.
#   brew tap-new "$USER/switchboard"
#   cp packaging/homebrew/switchboard.rb "$(brew --repository "$USER/switchboard")/Formula/"
#   brew install --HEAD "$USER/switchboard/switchboard"
# and check it there with `brew audit --strict --formula "$USER/switchboard/switchboard"` and
# `brew test "$USER/switchboard/switchboard"`. A release adds `url` and `sha256` of its source tarball (and
# `head` keeps building from the repository). Never run here: no machine of the project runs macOS.
class Switchboard < Formula
  desc "Validated prompts, choices, forms and schema checks for shell scripts"
  homepage "https://example.org/your/switchboard-clone"
  license "GPL-3.0-or-later"
  head "https://example.org/your/switchboard-clone.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["26.0", :build] # Package.swift's tools version is 6.2
  depends_on "pcre2"
  depends_on "readline" # keg-only: found through pkg-config, linked by path

  uses_from_macos "swift" => :build

  def install
    args = ["--disable-sandbox", "--configuration", "release",
            "--pkg-config-path", "#{Formula["readline"].opt_lib}/pkgconfig"]
    system "swift", "build", *args, "--product", "switchboard"
    system "swift", "build", *args, "--product", "switchboard-full"
    system "swift", "build", *args, "--product", "generate-manual"
    bin.install ".build/release/switchboard"
    # `switchboard` runs its helper from ../libexec/switchboard/ beside its own (resolved) path.
    (libexec/"switchboard").install ".build/release/switchboard-full"
    system ".build/release/generate-manual", bin/"switchboard", "--output-directory", buildpath/"man"
    man1.install buildpath/"man/switchboard.1"
    generate_completions_from_executable(bin/"switchboard", "--generate-completion-script")
  end

  test do
    assert_equal "ada@example.com\n", pipe_output("#{bin}/switchboard ask Email --rule email", "ada@example.com\n")
    (testpath/"users.txt").write "ada@example.com\nada@\n"
    assert_match "2: ada@: must be a valid email address",
                 shell_output("#{bin}/switchboard check --rule email #{testpath}/users.txt", 1)
    assert_match "OVERVIEW:", shell_output("#{bin}/switchboard form --help") # runs switchboard-full
    linked = shell_output("otool -L #{bin}/switchboard")
    assert_match "#{Formula["readline"].opt_lib}/libreadline", linked
    refute_match "libedit", linked
  end
end

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make deb: switchboard_VERSION_ARCH.deb in the repository root, from the static release build that make install
# stages (DESTDIR, PREFIX=/usr): the command, its libexec helper, the man page and the completions, laid out as
# Debian wants them (man page and changelog compressed, binaries stripped, the copyright file, zsh completion in
# vendor-completions, md5sums). Depends: is what dpkg-shlibdeps finds the two binaries need (glibc, GNU readline,
# PCRE2, and the C++ runtime of the Swift runtime that is linked in); libcurl, which `check --fetch` loads when it
# downloads, is recommended (packaging/debian/control.in). Then lintian checks the package: any tag it
# reports (info included) fails, but for those packaging/debian/lintian-overrides lists, each with its reason.
set -eu
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
MAINTAINER=${MAINTAINER:-"Switchboard developers <switchboard@example.org>"}
WORK=$PWD/.build-static/deb
# The package's tree where dpkg-shlibdeps expects it: debian/PACKAGE beside the debian/control it reads.
ROOT=$WORK/debian/switchboard
rm -rf "$WORK"
mkdir -p "$ROOT"

$MAKE --no-print-directory install DESTDIR="$ROOT" PREFIX=/usr
# install's list of the folders it made (for make uninstall): dpkg keeps its own.
rm -f "$ROOT/usr/libexec/switchboard/installed-folders"
mkdir -p "$ROOT/usr/share/zsh/vendor-completions"
mv "$ROOT/usr/share/zsh/site-functions/_switchboard" "$ROOT/usr/share/zsh/vendor-completions/_switchboard"
rmdir "$ROOT/usr/share/zsh/site-functions"
gzip -9n "$ROOT/usr/share/man/man1/switchboard.1"
# bash-completion sources the file: no #! line (ArgumentParser writes one).
sed -i '1{/^#!/d}' "$ROOT/usr/share/bash-completion/completions/switchboard"
for binary in "$ROOT/usr/bin/switchboard" "$ROOT/usr/libexec/switchboard/switchboard-full"; do
    strip --remove-section=.comment --remove-section=.note --strip-unneeded "$binary"
done

VERSION=$("$ROOT/usr/bin/switchboard" --version)
ARCH=$(dpkg --print-architecture)
DOC="$ROOT/usr/share/doc/switchboard"
mkdir -p "$DOC"
cp packaging/debian/copyright "$DOC/copyright"
# What lintian reports and why it stays (each with its reason): packaging/debian/lintian-overrides.
mkdir -p "$ROOT/usr/share/lintian/overrides"
cp packaging/debian/lintian-overrides "$ROOT/usr/share/lintian/overrides/switchboard"
# A native package's changelog: this version, dated by the last commit.
WHEN=$(date -R -u -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")
printf 'switchboard (%s) unstable; urgency=medium\n\n  * Release %s (see CHANGELOG.md in the source).\n\n -- %s  %s\n' \
    "$VERSION" "$VERSION" "$MAINTAINER" "$WHEN" >"$DOC/changelog"
gzip -9n "$DOC/changelog"

# dpkg-shlibdeps reads a debian/control of its own, and finds the package's tree by its DEBIAN folder.
mkdir -p "$ROOT/DEBIAN"
printf 'Source: switchboard\nMaintainer: %s\n\nPackage: switchboard\nArchitecture: any\nDescription: -\n' \
    "$MAINTAINER" >"$WORK/debian/control"
DEPENDS=$(cd "$WORK" && dpkg-shlibdeps -O debian/switchboard/usr/bin/switchboard \
    debian/switchboard/usr/libexec/switchboard/switchboard-full | sed -n 's/^shlibs:Depends=//p')
[ -n "$DEPENDS" ] || { echo "dpkg-shlibdeps found no dependencies" >&2; exit 1; }

find "$ROOT" -type d -exec chmod 755 {} +
find "$ROOT" -type f -exec chmod go-w {} +
(cd "$ROOT" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) >"$ROOT/DEBIAN/md5sums"
chmod 644 "$ROOT/DEBIAN/md5sums"
SIZE=$(du -sk --exclude=DEBIAN "$ROOT" | cut -f1)
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@SIZE@/$SIZE/" -e "s/@DEPENDS@/$DEPENDS/" \
    -e "s/^Maintainer: .*/Maintainer: $MAINTAINER/" packaging/debian/control.in >"$ROOT/DEBIAN/control"

DEB="switchboard_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$ROOT" "$DEB"
echo "Depends: $DEPENDS"
echo "lintian $DEB:"
lintian --display-info --fail-on error,warning,info "$DEB"
echo "lintian: no tags"

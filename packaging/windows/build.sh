#!/bin/sh
# Builds Dáma for Windows on Linux: target/windows/Dama-VERSION-portable.zip and
# target/windows/Dama-VERSION-setup.exe (the installer). What it needs and does not find,
# tools/setup.sh installs first: Debian's mingw-w64, NSIS and zip (as root, through sudo or su),
# a recent enough Rust and its Windows target.
set -eu
cd "$(dirname "$0")/../.."
sh tools/setup.sh windows
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
target=x86_64-pc-windows-gnu
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
out=target/windows
stage=$out/stage
cargo build --release --locked --target $target
rm -rf "$stage" && mkdir -p "$stage"
# Line tables stay in the Linux build for backtraces; the Windows one is stripped (94 MB → 20).
x86_64-w64-mingw32-strip -o "$stage/dama.exe" target/$target/release/dama.exe
# Tolk's screen-reader clients, which tolk-sys copies beside the program: NVDA's and System
# Access's (JAWS, Window-Eyes, ZoomText and Dolphin are reached through COM or their own DLLs).
cp target/$target/release/nvdaControllerClient64.dll target/$target/release/SAAPI64.dll "$stage/"
cp assets/icons/dama.ico "$stage/"
# Texts with Windows line ends, so that Notepad of older Windows shows them right.
crlf() { sed 's/$/\r/' "$@"; }
crlf README.md > "$stage/README.txt"
tolk=$(cargo metadata --format-version 1 --locked --filter-platform $target \
    | grep -o '"manifest_path":"[^"]*/tolk-sys-[^"]*"' | head -n 1 | sed 's/.*:"\(.*\)\/Cargo.toml"/\1/')
{
    crlf packaging/windows/LICENSE.txt
    printf '\r\n\r\n==== Apache License, Version 2.0 ====\r\n\r\n'
    crlf /usr/share/common-licenses/Apache-2.0
    printf '\r\n\r\n==== Tolk (linked into dama.exe): GNU LGPL 3 ====\r\n\r\n'
    crlf "$tolk/vendor/tolk/LICENSE.txt"
    printf '\r\n\r\n==== nvdaControllerClient64.dll: GNU LGPL 2.1 ====\r\n\r\n'
    crlf "$tolk/vendor/tolk/LICENSE-NVDA.txt"
} > "$stage/LICENSE.txt"
# The portable copy keeps its settings and games beside the program (see portable.txt).
crlf packaging/windows/portable.txt > "$stage/portable.txt"
rm -f "$out/Dama-$version-portable.zip"
(cd "$stage" && zip -q -9 -r "../Dama-$version-portable.zip" dama.exe nvdaControllerClient64.dll \
    SAAPI64.dll README.txt LICENSE.txt portable.txt)
makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" -DSTAGE="$(pwd)/$stage" \
    -DOUTFILE="$(pwd)/$out/Dama-$version-setup.exe" packaging/windows/dama.nsi
ls -l "$out/Dama-$version-portable.zip" "$out/Dama-$version-setup.exe"

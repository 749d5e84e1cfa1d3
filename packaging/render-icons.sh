#!/bin/sh
# Renders assets/icons/dama.svg into the PNG sizes of the hicolor icon theme
# (assets/icons/hicolor/NxN/apps/io.github.damadraughts.Dama.png) and assets/icons/dama.ico.
# Needs rsvg-convert (Debian: librsvg2-bin) and icotool (icoutils). Run it after changing the SVG
# and commit what it made.
set -eu
cd "$(dirname "$0")/.."
for n in 16 24 32 48 64 128 256 512; do
    dir="assets/icons/hicolor/${n}x${n}/apps"
    mkdir -p "$dir"
    rsvg-convert -w "$n" -h "$n" assets/icons/dama.svg -o "$dir/io.github.damadraughts.Dama.png"
done
# The Windows icon (the program, its Start-menu entry and .pdn files): the same sizes in one .ico,
# 256 px as PNG.
p=assets/icons/hicolor
icotool -c -o assets/icons/dama.ico "$p"/16x16/apps/*.png "$p"/24x24/apps/*.png \
    "$p"/32x32/apps/*.png "$p"/48x48/apps/*.png "$p"/64x64/apps/*.png -r "$p"/256x256/apps/*.png

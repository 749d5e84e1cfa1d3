#!/bin/sh
# Renders assets/icons/dama.svg into the PNG sizes of the hicolor icon theme
# (assets/icons/hicolor/NxN/apps/io.github.damadraughts.Dama.png). Needs rsvg-convert
# (Debian: librsvg2-bin). Run it after changing the SVG and commit the PNGs.
set -eu
cd "$(dirname "$0")/.."
for n in 16 24 32 48 64 128 256 512; do
    dir="assets/icons/hicolor/${n}x${n}/apps"
    mkdir -p "$dir"
    rsvg-convert -w "$n" -h "$n" assets/icons/dama.svg -o "$dir/io.github.damadraughts.Dama.png"
done

#!/bin/sh
# Makes a Debian 13 folder with Wine 10 for running Dáma's Windows build and its tests here:
# Debian 12's Wine 8 cannot start a Rust program (the standard library needs
# bcryptprimitives.dll, which Wine has from 9 on). Needs root (debootstrap, mount, chroot), and
# reaches only Debian's package mirror. Idempotent: a folder already made is kept, and the
# repository is mounted at its own path inside, so that paths in the tests stay the same.
#   packaging/windows/wine-setup.sh [FOLDER]      (default /var/tmp/dama-wine)
set -eu
root=${1:-${DAMA_WINE_ROOT:-/var/tmp/dama-wine}}
repo=$(cd "$(dirname "$0")/../.." && pwd)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ ! -x "$root/usr/lib/wine/wine64" ]; then
    command -v debootstrap >/dev/null || apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    debootstrap --variant=minbase trixie "$root" "$mirror" >/dev/null
    chroot "$root" sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wine64 >/dev/null && apt-get clean'
fi
mkdir -p "$root/proc" "$root/dev" "$root$repo"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/dev" || mount --bind /dev "$root/dev"
# A repository removed and cloned again at the same path leaves the old mount on the deleted
# folder, where the new build's programs are not (Wine then fails with c0000135): such a mount is
# replaced.
same_folder() { [ "$(stat -c %d:%i "$1")" = "$(stat -c %d:%i "$2")" ]; }
while mountpoint -q "$root$repo" && ! same_folder "$repo" "$root$repo"; do umount -l "$root$repo"; done
mountpoint -q "$root$repo" || mount --bind "$repo" "$root$repo"
# The Wine prefix (C: and the registry), made once: later starts take a fraction of a second.
chroot "$root" sh -c 'WINEDEBUG=-all XDG_RUNTIME_DIR=/tmp /usr/lib/wine/wine64 wineboot --init >/dev/null 2>&1 || true'
echo "$root"

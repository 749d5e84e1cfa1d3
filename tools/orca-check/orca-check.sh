#!/usr/bin/env bash
# Plays scenario.py with Orca 43 (this Debian 12 machine's) and with Orca 48 (a Debian 13 folder
# made here with debootstrap, as packaging/windows/wine-setup.sh makes one for Wine), each as a
# user of its own (`orca --replace` ends every Orca of the same user), and fails on anything
# unheard or heard twice. Needs root (users, debootstrap, mount, chroot), the packages of
# ../shared/setup.md's a11y list on the host (orca xvfb xdotool dbus-x11 at-spi2-core
# speech-dispatcher and the cs_CZ.UTF-8 locale), and a build of Dáma.
#   tools/orca-check/orca-check.sh [43|48|both]      (DAMA=path to the program; default release)
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
here=$repo/tools/orca-check
dama=${DAMA:-$repo/target/release/dama}
which=${1:-both}
root48=${ORCA48_ROOT:-/var/tmp/dama-orca48}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

# The commands one user runs: a desktop, the scenario, the desktop ended.
play() {
    cat <<CMD
set -u; out=/tmp/orca-check-\$(id -un); rm -rf \$out; mkdir -p \$out/config
echo '(language: Some(Czech), speech: true, speech_mode: ScreenReader)' > \$out/config/settings.ron
mkdir -p \$out/data; data=$here/\$(basename ${SCENARIO:-scenario.py} .py).data
if [ -d \$data ]; then cp \$data/* \$out/data/; fi
export LANG=cs_CZ.UTF-8
bash $here/desktop.sh \$out $dama >/dev/null 2>&1; . \$out/env
python3 $here/${SCENARIO:-scenario.py} \$out; rc=\$?
kill \$PIDS 2>/dev/null; sleep 1; kill -9 \$PIDS 2>/dev/null; exit \$rc
CMD
}

rc=0
if [ "$which" = 43 ] || [ "$which" = both ]; then
    echo "# Orca $(orca --version 2>/dev/null | head -1)"
    id dama-o43 >/dev/null 2>&1 || useradd -m dama-o43
    su dama-o43 -c "$(play)" || rc=1
fi
if [ "$which" = 48 ] || [ "$which" = both ]; then
    if [ ! -x "$root48/usr/bin/orca" ]; then
        debootstrap --variant=minbase trixie "$root48" "$mirror" >/dev/null
        chroot "$root48" sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends orca xvfb xdotool dbus-x11 at-spi2-core python3-pyatspi speech-dispatcher espeak-ng locales systemd libgl1 libegl1 libgl1-mesa-dri libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6 libx11-xcb1 libasound2t64 libspeechd2 >/dev/null && apt-get clean'
        echo 'cs_CZ.UTF-8 UTF-8' >> "$root48/etc/locale.gen"
        chroot "$root48" locale-gen >/dev/null
    fi
    for d in proc dev dev/shm dev/pts "${repo#/}" "${dama%/*}"; do mkdir -p "$root48/${d#/}"; done
    mountpoint -q "$root48/proc" || mount -t proc proc "$root48/proc"
    for d in /dev /dev/shm /dev/pts "$repo"; do
        mountpoint -q "$root48$d" || mount --bind "$d" "$root48$d"
    done
    case $dama in "$repo"/*) ;; *) mountpoint -q "$root48${dama%/*}" || mount --bind "${dama%/*}" "$root48${dama%/*}" ;; esac
    echo "# Orca $(chroot "$root48" orca --version 2>/dev/null | head -1)"
    chroot "$root48" sh -c 'id dama-o48 >/dev/null 2>&1 || useradd -m dama-o48'
    chroot "$root48" su dama-o48 -c "$(play)" || rc=1
fi
exit $rc

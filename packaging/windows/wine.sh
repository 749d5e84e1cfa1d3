#!/bin/sh
# Runs a Windows program under the Wine of wine-setup.sh, in the current folder: the runner of
# `cargo test --target x86_64-pc-windows-gnu` (CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER).
#   packaging/windows/wine.sh PROGRAM.exe [ARGS…]
# chroot needs root: a user's run goes through sudo, keeping the environment of the tests.
if [ "$(id -u)" -ne 0 ]; then exec sudo --preserve-env "$0" "$@"; fi
root=${DAMA_WINE_ROOT:-/var/tmp/dama-wine}
# A program the Wine root cannot see (its bind mount of the repository gone stale) would fail
# with Wine's bare "c0000135"; say what to do instead.
if ! chroot "$root" /bin/sh -c 'cd "$0" 2>/dev/null && test -f "$1"' "$PWD" "$1"; then
    echo "wine.sh: $1 is not visible inside $root; run packaging/windows/wine-setup.sh" >&2
    exit 1
fi
export WINEDEBUG="${WINEDEBUG:--all}" XDG_RUNTIME_DIR=/tmp
exec chroot "$root" /bin/sh -c 'cd "$0" && exec /usr/lib/wine/wine64 "$@"' "$PWD" "$@"

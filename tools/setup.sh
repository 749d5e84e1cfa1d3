#!/bin/sh
# Sets up a Debian (12 or later) or Ubuntu machine for Dáma, from nothing, then builds and runs:
#   sh tools/setup.sh          install what is missing, build, open the window
#   sh tools/setup.sh test     install what the build needs, run the whole test suite
#   sh tools/setup.sh deps     only install what is missing
#   sh tools/setup.sh windows  install what the build needs, and what cross-building for Windows
#                              needs (mingw-w64, NSIS, zip, Rust's Windows target; see
#                              packaging/windows/build.sh)
# It works as root (a fresh Debian has no sudo) and as a user: through sudo where the user may
# use it, else through `su` with the root password. It updates the package lists, installs the
# build packages (and, to run, speech and the graphics libraries a desktop usually has), and
# installs Rust with rustup, as the Rust project documents it, when `cargo` is missing or older
# than the project needs (Debian 12's own Rust is 1.63). Running it again installs nothing new.
set -eu
cd "$(dirname "$0")/.."
what=${1:-run}
case $what in
    run | test | deps | windows) ;;
    *) echo "usage: sh tools/setup.sh [run|test|deps|windows]" >&2; exit 2 ;;
esac

# To build: a C toolchain, and the headers of speech-dispatcher (bindgen needs libclang) and ALSA;
# curl fetches rustup.
build="build-essential pkg-config libspeechd-dev libclang-dev libasound2-dev curl ca-certificates"
# To run: speech with a voice, X11/Wayland and Mesa (no GPU needed). Tests need none of it.
run="speech-dispatcher speech-dispatcher-espeak-ng libx11-6 libx11-xcb1 libxcursor1 libxi6 \
libxrandr2 libxkbcommon-x11-0 libwayland-egl1 libegl1 libegl-mesa0 libgl1-mesa-dri"
# To cross-build for Windows and make its installer and zip.
windows="gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 nsis zip"
case $what in
    test) packages=$build ;;
    windows) packages="$build $windows" ;;
    *) packages="$build $run" ;;
esac

# Runs a command as root, in the way this user can.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && id -nG | grep -qwE 'sudo|admin|wheel'; then
        sudo "$@"
    else
        echo "setup: installing as root; give root's password (su)." >&2
        su root -c "$*"
    fi
}

missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "setup: installing$missing" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
fi

# Rust: the version Cargo.toml asks for, or newer.
need=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
new_enough() {
    have=$(rustc --version 2>/dev/null | cut -d' ' -f2) || return 1
    [ -n "$have" ] && [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -n 1)" = "$need" ]
}
if ! command -v cargo >/dev/null 2>&1 || ! new_enough; then
    if command -v rustup >/dev/null 2>&1; then
        echo "setup: Rust $need or newer is needed; updating the stable toolchain" >&2
        rustup update stable
        rustup default stable
    else
        echo "setup: installing Rust (rustup, into ~/.cargo and ~/.rustup)" >&2
        # rustup-init knows what it is by its file name.
        dir=$(mktemp -d)
        curl --proto '=https' --tlsv1.2 -sSf -o "$dir/rustup-init" \
            "https://static.rust-lang.org/rustup/dist/$(uname -m)-unknown-linux-gnu/rustup-init"
        chmod +x "$dir/rustup-init"
        "$dir/rustup-init" -y --profile minimal --default-toolchain stable >&2
        rm -rf "$dir"
        . "$HOME/.cargo/env"
    fi
    new_enough || { echo "setup: rustc is still older than $need" >&2; exit 1; }
fi

case $what in
    run) exec cargo run --release --locked ;;
    test) exec cargo test --locked ;;
    deps) echo "setup: ready ($(rustc --version))" >&2 ;;
    windows)
        target=x86_64-pc-windows-gnu
        rustup target list --installed | grep -qx $target || rustup target add $target
        echo "setup: ready to build for Windows ($(rustc --version))" >&2
        ;;
esac

#!/bin/sh
# The linker for x86_64-pc-windows-gnu (.cargo/config.toml): Debian's mingw-w64 gcc, with three
# changes for Tolk (NVDA, JAWS… through `tts`), which is C++ written for MSVC:
# - `-lUser32`, `-lOle32`, `-lOleAut32` are found through the linker scripts in mingw/, as
#   mingw-w64 names its libraries in lower case;
# - SAPI's GUIDs come from libsapi (MSVC's headers carry them);
# - the C++ library is linked in statically, so that dama.exe needs no libstdc++-6.dll.
dir=$(dirname "$0")
for arg do
    shift
    case $arg in
        -lstdc++) set -- "$@" -l:libstdc++.a ;;
        *) set -- "$@" "$arg" ;;
    esac
done
exec x86_64-w64-mingw32-gcc -L "$dir/mingw" "$@" -lsapi

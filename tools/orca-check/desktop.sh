#!/usr/bin/env bash
# desktop.sh OUT DAMA [dama args]: a desktop of its own for one Orca run, as the user running it:
# Xvfb, a session D-Bus with the AT-SPI bus on, speech-dispatcher writing each utterance to a
# file instead of a sound card, Orca (its debug log is what orca-check reads), and Dáma.
# Writes OUT/env to source (DISPLAY, WID and the processes' ids for stop).
set -eu
out=$1; dama=$2; shift 2
mkdir -p "$out/config" "$out/data" "$out/rt"
rt=$out/rt; chmod 700 "$rt"
mkdir -p "$rt/cfg/speech-dispatcher/modules" "$rt/data/orca"
cat > "$rt/cfg/speech-dispatcher/speechd.conf" <<CONF
AudioOutputMethod "alsa"
AudioALSADevice "null"
AddModule "textlog" "sd_generic" "textlog.conf"
DefaultModule "textlog"
CONF
cat > "$rt/cfg/speech-dispatcher/modules/textlog.conf" <<CONF
GenericExecuteSynth "printf '%s\\\\n' \"\$DATA\" >> $out/spoken.txt"
GenericLanguage "cs" "cs" "utf-8"
GenericLanguage "en" "en" "utf-8"
AddVoice "cs" "MALE1" "cs"
AddVoice "en" "MALE1" "en"
CONF
# Orca without key echo: what it says is then the program's alone.
cat > "$rt/data/orca/user-settings.conf" <<'CONF'
{"general": {"enableKeyEcho": false, "enableEchoByCharacter": false, "enableEchoByWord": false,
 "enablePrintableKeys": false, "enableModifierKeys": false, "enableFunctionKeys": false,
 "enableActionKeys": false, "enableNavigationKeys": false, "enableDiacriticalKeys": false,
 "activeProfile": ["Default", "default"], "startingProfile": ["Default", "default"]},
 "profiles": {"default": {"profile": ["Default", "default"], "enableKeyEcho": false}},
 "pronunciations": {}, "keybindings": {}}
CONF
: > "$out/spoken.txt"
disp=:$(( 100 + RANDOM % 100 ))
Xvfb $disp -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
sleep 1
eval "$(XDG_RUNTIME_DIR=$rt dbus-launch --sh-syntax)"
export XDG_RUNTIME_DIR=$rt XDG_CONFIG_HOME=$rt/cfg XDG_DATA_HOME=$rt/data DISPLAY=$disp
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & launcher=$!
sleep 1
busctl --user set-property org.a11y.Bus /org/a11y/bus org.a11y.Status IsEnabled b true 2>/dev/null \
  || dbus-send --session --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
       string:org.a11y.Status string:IsEnabled variant:boolean:true
export DAMA_CONFIG_DIR=$out/config DAMA_DATA_DIR=$out/data
nohup orca --replace --debug-file="$out/orca-debug.out" >"$out/orca.log" 2>&1 & orca=$!
sleep 6
nohup "$dama" "$@" >"$out/program.log" 2>&1 & prog=$!
wid=$(timeout 60 xdotool search --sync --onlyvisible --pid $prog 2>/dev/null | head -1)
cat > "$out/env" <<ENV
export DISPLAY=$disp DBUS_SESSION_BUS_ADDRESS='$DBUS_SESSION_BUS_ADDRESS' XDG_RUNTIME_DIR=$rt
export XDG_CONFIG_HOME=$rt/cfg XDG_DATA_HOME=$rt/data
export WID=$wid PIDS="$prog $orca $launcher $DBUS_SESSION_BUS_PID $xvfb"
ENV

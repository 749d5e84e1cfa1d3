#!/usr/bin/env python3
"""Plays a fixed scenario in Dáma with Orca, keyboard only, Czech, Dáma's own voice off, and
fails on anything unheard or heard twice.

Run by orca-check.sh on a desktop of desktop.sh (environment sourced). Each step sends keys,
waits until Orca has been quiet for a while, and reads what Orca handed to speech-dispatcher
from Orca's debug log. A step passes when every expected phrase is heard exactly once, and no
utterance of the step is heard twice. Prints the transcript with the key-to-speech time of each
step and exits 1 on a failure.
"""
import html
import os
import re
import statistics
import subprocess
import sys
import time
from datetime import datetime

OUT = sys.argv[1]
LOG = os.path.join(OUT, "orca-debug.out")
WID = os.environ["WID"]
# An utterance: as SSML (Orca also logs a string's plain form, which would count it twice), or
# a single character, which has only its plain form.
LINE = re.compile(
    r"^(\d\d):(\d\d):(\d\d\.\d+) - SPEECH DISPATCHER: Speaking '(<speak>.*?|.*?' as char)'?\s*$"
)

# The Orca that runs: its major version.
ORCA = int(re.search(r"(\d+)\.", subprocess.run(
    ["orca", "--version"], capture_output=True, text=True).stdout).group(1))

# (keys, phrases each to be heard exactly once; None: something is to be heard)
STEPS = [
    ("start", [], ["21, a3, bílý kámen"]),
    ("F10", ["F10"], ["Hra nabídka", "Nová hra… Ctrl+N"]),
    ("Down", ["Down"], ["Otevřít… Ctrl+O"]),
    ("Right", ["Right"], ["Úpravy nabídka"]),
    ("Right", ["Right"], ["Zobrazení nabídka", "Otočit desku Ctrl+F"]),
    ("Right", ["Right"], ["Nápověda nabídka", "Klávesové zkratky F1"]),
    ("Escape", ["Escape"], ["21, a3, bílý kámen"]),
    ("F10 again", ["F10"], ["Hra nabídka", "Nová hra… Ctrl+N"]),
    ("Right", ["Right"], ["Úpravy nabídka"]),
    ("Right", ["Right"], ["Zobrazení nabídka"]),
    ("Right", ["Right"], ["Nápověda nabídka"]),
    ("Escape", ["Escape"], ["21, a3, bílý kámen"]),
    ("Ctrl+N", ["ctrl+n"], ["Nová hra dialog"]),
    ("Tab", ["Tab"], ["Pravidla kombo box", "Česká dáma"]),
    ("Space", ["space"], ["Česká dáma"]),
    ("Down", ["Down"], ["Česká dáma (8 kamenů)"]),
    ("Escape (list)", ["Escape"], ["Pravidla kombo box"]),
    # A second opening of the list, a choice taken with Enter: back on the box, its new value.
    ("Space", ["space"], ["Česká dáma"]),
    ("Down", ["Down"], ["Česká dáma (8 kamenů)"]),
    ("Enter (list)", ["Return"], ["Pravidla kombo box"]),
    ("Escape (dialog)", ["Escape"], ["Zrušeno"]),
    # A file that is not there (before a move is played: no unsaved-changes question): the
    # error said, the focus back on the board.
    ("Ctrl+O", ["ctrl+o"], ["Otevřít"]),
    ("Enter (no file)", ["type:/nikde/x.pdn", "Return"], ["neexistuje", "bílý kámen"]),
    ("Ctrl+M", ["ctrl+m"], ["Tah"]),
    ("type 22-18", ["type:22-18"], []),
    # A caret move reads the character it moves over. Orca 43 gets no key events from
    # xdotool under Xvfb (its log has none), and says a caret move only after a key it saw: it
    # is asked for nothing here (its braille line shows "Tah 22-18" as the caret moves).
    ("Left", ["Left"], ["8"] if ORCA >= 46 else []),
    ("Enter", ["Return"], ["22 na 18"]),
    ("F3", ["F3"], None),
    ("Ctrl+Z", ["ctrl+z"], ["Vrácen tah"]),
    ("Ctrl+Shift+D", ["ctrl+shift+d"], ["nabízí remízu"]),
    ("Ctrl+Shift+N", ["ctrl+shift+n"], None),
    # The question says who resigns (issue 82): White, to move.
    ("Ctrl+Shift+R", ["ctrl+shift+r"], ["Opravdu se vzdát", "Partii vzdává bílý"]),
    ("Escape (resign)", ["Escape"], ["Zrušeno"]),
    # The keyboard help says in words what cannot be used now (issue 82): no draw is offered.
    ("F1", ["F1"], ["Klávesové zkratky"]),
    ("Down x14", ["Down", "sleep:0.4"] * 14, ["Přijmout remízu: Ctrl+Shift+A (nyní nelze)"]),
    ("Escape (help)", ["Escape"], None),
    # The save dialog says the folder its file goes in (issue 82), then the path in the field.
    ("Ctrl+S", ["ctrl+s"], ["Uložit", "Soubor se uloží do složky", ".pdn"]),
    ("Escape (save)", ["Escape"], ["Zrušeno"]),
    # A game reviewed and stepped through.
    ("22-18 again", ["ctrl+m", "type:22-18", "Return"], ["22 na 18"]),
    ("11-15", ["type:11-15", "Return"], ["11 na 15"]),
    ("Ctrl+R", ["ctrl+r"], None),
    ("Ctrl+Home", ["ctrl+Home"], None),
    ("Ctrl+Right", ["ctrl+Right"], ["22 na 18"]),
    ("Ctrl+Right", ["ctrl+Right"], ["11 na 15"]),
    # The parts of the window: from the move field to the move list, then the board.
    ("Ctrl+F6", ["ctrl+F6"], ["11-15"]),
    ("Ctrl+F6", ["ctrl+F6"], ["poslední tah"]),
    # The board as text, a line per row: the cursor's row, the next, back to the board.
    ("Ctrl+T", ["ctrl+t"], None),
    ("Down", ["Down"], None),
    ("Escape (text)", ["Escape"], None),
    ("F6", ["F6"], ["Na tahu je"]),
    # Resigned: the board as text says how the game ended (issue 82), read from its end.
    ("Ctrl+Shift+R (2)", ["ctrl+shift+r"], ["Partii vzdává bílý"]),
    ("Shift+Tab (Ano)", ["shift+Tab"], ["Ano"]),
    ("Enter (resign)", ["Return"], ["Černý vyhrál: soupeř se vzdal"]),
    ("Ctrl+T (2)", ["ctrl+t"], None),
    ("End", ["End"], None),
    ("Up", ["Up"], ["Černý vyhrál: soupeř se vzdal."]),
    # Last, unchecked: Orca writes its log in its own time, and the last words before it is
    # stopped may be missing from it.
    ("F2 (end)", ["F2"], []),
]


# Seconds of the day (Orca's log has no date) at the start: later times past midnight go on.
START = None


def past_midnight(seconds):
    """`seconds` of the day, counted on past midnight from the start."""
    return seconds + 86400 if START is not None and seconds < START - 43200 else seconds


def now():
    t = datetime.now()
    return past_midnight(t.hour * 3600 + t.minute * 60 + t.second + t.microsecond / 1e6)


def heard(offset):
    """Utterances in the log after byte `offset`: (seconds of the day, text), and the new end."""
    with open(LOG, "rb") as f:
        f.seek(offset)
        data = f.read()
    said = []
    for raw in data.decode("utf-8", "replace").splitlines():
        m = LINE.match(raw)
        if m:
            h, mi, s, ssml = m.groups()
            if ssml.endswith("' as char"):
                ssml = ssml[: -len("' as char")]
            text = html.unescape(re.sub(r"<[^>]+>", "", ssml)).strip()
            if text:
                said.append((past_midnight(int(h) * 3600 + int(mi) * 60 + float(s)), text))
    return said, offset + len(data)


def send(keys):
    for k in keys:
        if k.startswith("type:"):
            subprocess.run(["xdotool", "type", "--delay", "60", k[5:]], check=True)
        elif k.startswith("sleep:"):
            # What comes without a key (a build in the background ending) is heard meanwhile.
            time.sleep(float(k[6:]))
        else:
            subprocess.run(["xdotool", "key", k], check=True)


def wait_quiet(quiet=1.0, first=4.0, limit=10.0):
    """Until speech-dispatcher has been given something (or `first` seconds have passed) and
    then nothing new for `quiet` seconds."""
    spoken = os.path.join(OUT, "spoken.txt")
    start = last_change = time.time()
    begin = last_size = os.path.getsize(spoken)
    while time.time() - start < limit:
        time.sleep(0.1)
        size = os.path.getsize(spoken)
        if size != last_size:
            last_size, last_change = size, time.time()
        elif size == begin and time.time() - start < first:
            continue
        elif time.time() - last_change > quiet:
            break


def main():
    global START
    START = now()
    subprocess.run(["xdotool", "windowfocus", "--sync", WID], check=True)
    sent = []
    for i, (_, keys, _) in enumerate(STEPS):
        sent.append(now())
        send(keys)
        # A loaded machine may take long to show the window and Orca to read it.
        # The focus goes to the board a second after the screen reader has met the window.
        wait_quiet(quiet=2.0, first=20.0, limit=30.0) if i == 0 else wait_quiet()
    # Orca writes its log in its own time: each utterance goes to the step it followed.
    time.sleep(3)
    said, _ = heard(0)
    failures, times = [], []
    for i, (name, keys, expect) in enumerate(STEPS):
        end = sent[i + 1] if i + 1 < len(sent) else float("inf")
        mine = [(t, text) for t, text in said if sent[i] <= t < end or (i == 0 and t < sent[0])]
        texts = [t for _, t in mine]
        problems = []
        for phrase in expect or []:
            n = sum(phrase in t for t in texts)
            if n != 1:
                problems.append(f"{phrase!r} heard {n} times")
        if expect is None and not texts:
            problems.append("nothing heard")
        for t in set(texts):
            if texts.count(t) > 1:
                problems.append(f"{t!r} said {texts.count(t)} times")
        delay = "-"
        if mine and keys:
            ms = (mine[0][0] - sent[i]) * 1000
            times.append(ms)
            delay = f"{ms:.0f} ms"
        mark = "FAIL " + "; ".join(problems) if problems else "ok"
        print(f"## {name} ({delay}): {mark}")
        for t in texts:
            print(f"   {t}")
        if problems:
            failures.append(name)
    if times:
        print(f"key to speech: median {statistics.median(times):.0f} ms, "
              f"max {max(times):.0f} ms over {len(times)} steps")
    print("PASS" if not failures else f"FAILED: {', '.join(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

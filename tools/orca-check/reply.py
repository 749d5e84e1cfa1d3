#!/usr/bin/env python3
"""Issue 82: the computer's reply taking the piece just moved with the cursor (Orca 48 dropped
it: the focused square's name changed with the words, and Orca took the words for its old
description), and the cursor where Orca says it is. Played from a resumed game (reply.data:
W 22, 29, 32; B 15, 1, 3; the computer plays Black at level 1), judged as scenario.py judges.

    SCENARIO=reply.py tools/orca-check/orca-check.sh [43|48|both]
"""
import sys

import scenario

# A move by the cursor and its only reply, 15x22, three times (each taken back).
ROUND = [
    ("Enter (select 22)", ["Return"], ["Vybráno. Cíle tahu: 17, 18."]),
    ("Up", ["Up"], ["18, d4, prázdné, cíl tahu"]),
    ("Enter (22-18)", ["Return"], ["22 na 18", "Počítač: 15 bere 22"]),
    # The cursor goes on from the square Orca read (18), not from the reply's (22 then 26).
    ("Down", ["Down"], ["22, c3, černý kámen"]),
    ("Ctrl+Z", ["ctrl+z"], ["Vrácen tah: černý 15 bere 22. Vrácen tah: bílý 22 na 18."]),
]

scenario.STEPS = [
    ("start", [], ["Pokračovat v přerušené partii?"]),
    ("Enter (resume)", ["Return"], ["Přerušená partie obnovena", "22, c3, bílý kámen"]),
    *ROUND, *ROUND, *ROUND,
    # A new game: the dialog says what it is for; the game begins on its first piece that
    # can move (21), focused and read, and the arrows go on from there (to 25).
    ("Ctrl+N", ["ctrl+n"], ["Nová hra dialog", "Pravidla, kdo hraje, hodiny"]),
    ("Enter (start)", ["Return"], ["Neuložené změny dialog"]),
    ("Tab (discard)", ["Tab"], ["Zahodit"]),
    ("Enter (discard)", ["Return"], ["21, a3, bílý kámen", "Nová hra"]),
    ("Down", ["Down"], ["25, b2, bílý kámen"]),
    # Settings: their purpose read as they open; a radio group is one Tab stop, and the arrows
    # choose in it, each choice read (Orca 43 said nothing of a choice).
    ("Ctrl+,", ["ctrl+comma"], ["Nastavení dialog", "Vzhled, řeč, zvuky a počítač"]),
    ("Tab", ["Tab"], None),
    ("Tab", ["Tab"], None),
    ("Right (theme)", ["Right"], ["Tmavý"]),
    ("Left (theme)", ["Left"], ["Světlý"]),
    ("Escape (settings)", ["Escape"], None),
    ("F2 (end)", ["F2"], []),
]

if __name__ == "__main__":
    sys.exit(scenario.main())

#!/usr/bin/env python3
"""The first two lessons of Česká dáma's course (Učení), by keyboard alone, heard with Orca in
Czech: a wrong answer, a hint and its answer, squares typed and chosen, moves typed, and the
keys F3 and F7 practised. Played and judged as scenario.py plays its steps (same rules: every
expected phrase heard exactly once, nothing said twice); prints the transcript.

    SCENARIO=course.py tools/orca-check/orca-check.sh [43|48|both]
"""
import sys

import scenario

# (name, keys, phrases each to be heard exactly once; None: something is to be heard)
scenario.STEPS = [
    ("start", [], ["21, a3, bílý kámen"]),
    ("Ctrl+L", ["ctrl+l"], ["Lekce 1 z 8: Deska a čísla polí", "Úloha 1 z 3: Najděte pole 1"]),
    # A wrong square, typed: said why; a hint, then the answer with it.
    ("Ctrl+M", ["ctrl+m"], ["Tah"]),
    ("2, Enter", ["type:2", "Return"], ["To není ono"]),
    ("F8", ["F8"], ["Nápověda: Pole 1 je v horní řadě úplně vlevo"]),
    ("F8 again", ["F8"], ["Je to pole 1"]),
    ("1, Enter", ["type:1", "Return"], ["Správně! Úloha splněna: 1 hvězda ze 3"]),
    ("Ctrl+Page Down", ["ctrl+Next"], ["Úloha 2 z 3: Najděte levý dolní roh"]),
    ("29, Enter", ["type:29", "Return"], ["Správně! Úloha splněna: 3 hvězdy ze 3"]),
    ("Ctrl+Page Down", ["ctrl+Next"], ["Úloha 3 z 3"]),
    ("22, Enter", ["type:22", "Return"], ["Lekce hotova: 7 hvězd z 9"]),
    # Lesson 2: Dáma by keyboard. The square chosen on the board with Enter.
    ("Ctrl+Page Down", ["ctrl+Next"], ["Lekce 2 z 8: Dáma z klávesnice", "Úloha 1 z 5"]),
    ("Escape (to the board)", ["Escape"], None),
    ("Enter (a square)", ["Return"], None),
    ("Ctrl+Page Down", ["ctrl+Next"], ["Úloha 2 z 5"]),
    # The move typed: Ctrl+M first (a key typed at once after it may reach the field before
    # the focus does), then the move; the field keeps the focus for the next task.
    ("Ctrl+M", ["ctrl+m"], ["Tah"]),
    ("22-18, Enter", ["type:22-18", "Return"], ["22 na 18", "Správně! Úloha splněna"]),
    ("Ctrl+Page Down", ["ctrl+Next"], ["Úloha 3 z 5"]),
    ("22-16, Enter (no such move)", ["type:22-16", "Return"], ["tu zahrát nelze"]),
    ("22-17, Enter", ["type:22-17", "Return"], ["22 na 17", "Správně! Úloha splněna"]),
    ("Ctrl+Page Down", ["ctrl+Next"], ["Úloha 4 z 5: Stiskněte F3"]),
    ("F3", ["F3"], ["Správně! Úloha splněna: 3 hvězdy ze 3"]),
    ("Ctrl+Page Down", ["ctrl+Next"], ["Úloha 5 z 5: Stiskněte F7"]),
    ("F7", ["F7"], ["Lekce hotova"]),
    ("F2 (end)", ["F2"], []),
]

if __name__ == "__main__":
    sys.exit(scenario.main())

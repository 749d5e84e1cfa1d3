#!/usr/bin/env python3
"""The endgame databases from the window, by keyboard alone, heard with Orca in Czech: what is
built and what a build takes (Ctrl+Shift+E), the build begun from the dialog, its progress asked
for while it runs, its end told without a key, and the next size offered. Played and judged as
scenario.py plays its steps (every expected phrase heard exactly once, nothing said twice).

    SCENARIO=endgames.py tools/orca-check/orca-check.sh [43|48|both]
"""
import sys

import scenario

scenario.STEPS = [
    ("start", [], ["21, a3, bílý kámen"]),
    ("Ctrl+Shift+E", ["ctrl+shift+e"], [
        "Databáze koncovek",
        "databáze koncovek nejsou postaveny",
        "Databáze do 4 kamenů zaberou na disku 20,7 MB",
    ]),
    ("Shift+Tab", ["shift+Tab"], ["Postavit"]),
    ("Enter (build)", ["Return"], ["stavím databáze koncovek do 4 kamenů: 20,7 MB na disku"]),
    ("Ctrl+Shift+E (how far)", ["ctrl+shift+e"], [
        "Na pozadí se staví databáze do 4 kamenů pro pravidla Česká dáma: hotovo",
    ]),
    ("Escape", ["Escape"], ["Zavřeno"]),
    ("two and a half minutes later", ["sleep:150"], ["jsou hotové"]),
    ("Ctrl+Shift+E (built)", ["ctrl+shift+e"], [
        "databáze koncovek do 4 kamenů jsou postaveny",
        "Databáze do 5 kamenů zaberou na disku 504",
    ]),
    ("Escape", ["Escape"], ["Zavřeno"]),
    ("F2 (end)", ["F2"], []),
]

if __name__ == "__main__":
    sys.exit(scenario.main())

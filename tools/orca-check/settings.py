#!/usr/bin/env python3
"""Issue 82: the settings dialog by ear. Its purpose read as it opens; the numbers beside the
sliders read as whole numbers (Orca 43 said "100.0"); what is announced chosen there (the
thinking, the square after a move, the time left); the language changed with the arrows and
read in the language chosen (Orca 43 said only "Jazyk"). Judged as scenario.py judges.

    SCENARIO=settings.py tools/orca-check/orca-check.sh [43|48|both]
"""
import sys

import scenario

scenario.STEPS = [
    ("start", [], ["21, a3, bílý kámen"]),
    ("Ctrl+,", ["ctrl+comma"], ["Nastavení dialog", "Vzhled, řeč, zvuky a počítač"]),
    # Backwards from Close: the computer's threads, the interface size, the time left.
    ("Shift+Tab (threads number)", ["shift+Tab"], None),
    ("Shift+Tab (threads)", ["shift+Tab"], ["Vlákna počítače"]),
    ("Shift+Tab (size number)", ["shift+Tab"], ["100"]),
    ("Shift+Tab (size)", ["shift+Tab"], ["Velikost rozhraní"]),
    # A value changed is read in whole numbers too (from the slider's step).
    ("Right (size)", ["Right"], ["125"]),
    ("Left (size)", ["Left"], ["100"]),
    ("Shift+Tab (time left)", ["shift+Tab"], ["Při minutě a 10 sekundách"]),
    ("Right (time left)", ["Right"], ["Každých 5 minut"]),
    ("Shift+Tab (square again)", ["shift+Tab"], ["Po tahu přečíst pole pod kurzorem znovu"]),
    ("Space (square again off)", ["space"], None),
    ("Shift+Tab (thinking)", ["shift+Tab"], ["Hlásit, že počítač přemýšlí"]),
    # Forward from Close round to the first control: the language, chosen with the arrows.
    ("Escape (settings)", ["Escape"], ["Zavřeno"]),
    ("Ctrl+, (again)", ["ctrl+comma"], ["Nastavení dialog"]),
    ("Tab (language)", ["Tab"], ["Čeština"]),
    ("Right (English)", ["Right"], ["English"]),
    ("Left (Czech)", ["Left"], ["Čeština"]),
    ("Escape (settings, again)", ["Escape"], ["Zavřeno"]),
    ("F2 (end)", ["F2"], []),
]

if __name__ == "__main__":
    sys.exit(scenario.main())

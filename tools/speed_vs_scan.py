#!/usr/bin/env python3
"""Where the time goes: Dáma's and Scan 2.0's search from the same International positions at
the same time a move, one thread each: the depth reached, the nodes searched and the nodes a
second. Each engine runs alone (never both at once), so neither takes the other's core.

    python3 tools/speed_vs_scan.py --scan-dir SCAN_DIR --dama target/release/dama \
        [--seconds 0.5] [--book tools/openings/international-unseen.fen] [--count 20]

SCAN_DIR holds Scan 2.0's `scan`, `scan.ini` (book = false) and `data/`. Scan is asked in its
text mode (`fen`, `time`, `2`: it searches for the side to move and prints a line a depth);
Dáma by `dama bestmove --time`. Positions: the book's first COUNT lines (FEN) with more than one
legal move (a forced move is played at once, with nothing to measure), or the start position.
"""

import argparse
import os
import re
import statistics
import subprocess
import time


def scan_search(scan_dir, fen, seconds):
    """Scan's last completed depth, its nodes and nodes a second. Scan stops a search as soon
    as input arrives, so the quit waits until the search has had its time."""
    p = subprocess.Popen(["./scan"], cwd=scan_dir, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    p.stdin.write(f"time {seconds}\nfen {fen}\ng\n")
    p.stdin.flush()
    time.sleep(seconds + 1.0)
    out, _ = p.communicate("q\n", timeout=30)
    rows = re.findall(r"^\s*(\d+)/\s*[\d.]+\s+[-+][\d.]+\s+(\d+)\s+([\d.]+)\s+([\d.]+)", out, re.M)
    if not rows:
        raise RuntimeError(f"no search lines from Scan for {fen}: {out[-300:]}")
    depth, nodes, secs, _ = rows[-1]
    return int(depth), int(nodes), int(nodes) / max(float(secs), 1e-3)


def dama_search(dama, fen, seconds):
    """Dáma's last depth line: depth, nodes, nodes a second."""
    r = subprocess.run([dama, "bestmove", "--variant", "international", "--fen", fen,
                        "--time", str(int(seconds * 1000))],
                       capture_output=True, text=True, timeout=60)
    rows = re.findall(r"info depth (\d+) seldepth \d+ score \S+ nodes (\d+) nps (\d+)", r.stderr)
    if not rows:
        raise RuntimeError(f"no search lines from Dáma for {fen}: {r.stderr[-300:]}")
    depth, nodes, nps = rows[-1]
    return int(depth), int(nodes), float(nps)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scan-dir", required=True)
    ap.add_argument("--dama", default="target/release/dama")
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--book")
    ap.add_argument("--count", type=int, default=20)
    a = ap.parse_args()
    fens = ["W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
            ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"]
    if a.book:
        with open(a.book) as f:
            fens = [l.split("#")[0].strip() for l in f if l.split("#")[0].strip()]
    rows = []
    dama = os.path.abspath(a.dama)
    for fen in fens:
        if len(rows) == a.count:
            break
        # A forced move is played at once by both: nothing to measure.
        legal = subprocess.run([dama, "moves", "--variant", "international", "--fen", fen],
                               capture_output=True, text=True, timeout=30).stdout.split()
        if len(legal) < 2:
            continue
        d = dama_search(dama, fen, a.seconds)
        s = scan_search(a.scan_dir, fen, a.seconds)
        rows.append((d, s))
        print(f"{fen[:48]:48}  Dáma depth {d[0]:2} nodes {d[1]:9} nps {d[2]/1e6:5.2f} M"
              f"   Scan depth {s[0]:2} nodes {s[1]:9} nps {s[2]/1e6:5.2f} M", flush=True)
    for name, i in (("Dáma", 0), ("Scan", 1)):
        depths = [r[i][0] for r in rows]
        nps = [r[i][2] for r in rows]
        nodes = [r[i][1] for r in rows]
        print(f"{name}: {len(rows)} positions at {a.seconds} s: depth median "
              f"{statistics.median(depths)} (min {min(depths)}, max {max(depths)}), nodes median "
              f"{statistics.median(nodes):.0f}, nodes a second median {statistics.median(nps)/1e6:.2f} M")


if __name__ == "__main__":
    main()

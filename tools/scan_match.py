#!/usr/bin/env python3
"""Dáma against Scan 2.0 in International draughts, refereed by pydraughts.

Scan 2.0 (Fabien Letouzey, GPL; repository rhalbersma/scan, commit 57082ee) speaks DXP, not
Hub, so it plays as a DXP server (its scan.ini: dxp-server = true, dxp-initiator = false) and
this script is the initiator (a fresh Scan for each game); Dáma plays through `dama hub`. Each opening (two random plies,
seeded by its number) is played with both colours. Both sides get the same clock, MINUTES for
the game (DXP counts whole minutes, and Scan 2.0 spreads its clock over the game whatever number
of moves the time control names, so a fixed time a move cannot be given to it): Scan as its DXP
time control, Dáma as `level time=LEFT` before each move, its time used so far taken off. A
game still going after PLIES plies is a draw.

    python3 -m venv venv && venv/bin/pip install pydraughts
    venv/bin/python tools/scan_match.py --scan-dir SCAN_DIR --openings 10 --minutes 1 \
        --dama target/release/dama

SCAN_DIR holds the built `scan`, `scan.ini` and `data/`. Prints each game, the W/D/L of Dáma,
and the time each side took a move.
"""

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

import draughts
from draughts.engine import Limit
from draughts.engines.dxp import DXPEngine
from draughts.engines.hub import HubEngine


def opening(number, scan_first):
    """The board the game starts from (DXP sends its FEN to Scan): after the opening's two
    random plies, White (Dáma) to move; or, where Scan is White, after the first ply with the
    second already played on it: Scan 2.0, as a DXP follower, waits for a move before it
    thinks, so the session begins where Black moves."""
    board = draughts.Board(variant="standard")
    rng = random.Random(number)
    first = rng.choice(list(board.legal_moves()))
    board.push(first)
    second = rng.choice(list(board.legal_moves()))
    if scan_first:
        start = draughts.Board(variant="standard", fen=board.fen)
        start.push(draughts.Move(start, hub_move=second.hub_move))
        return start
    board.push(second)
    return draughts.Board(variant="standard", fen=board.fen)


def start_scan(scan_dir, port):
    """Scan as a DXP server, one per game: it takes no second connection after a game ends,
    and a new one on the same port would wait for the old socket, so each game has its port
    (Scan reads it from scan.ini in its folder: a folder per game, beside the real one)."""
    scan_dir = os.path.realpath(scan_dir)
    work = tempfile.mkdtemp(prefix="scan-")
    for name in ("scan", "data"):
        os.symlink(os.path.join(scan_dir, name), os.path.join(work, name))
    with open(os.path.join(scan_dir, "scan.ini")) as f:
        ini = f.read()
    ini = re.sub(r"(?m)^dxp-port\s*=.*$", f"dxp-port = {port}", ini)
    ini = re.sub(r"(?m)^dxp-server\s*=.*$", "dxp-server = true", ini)
    ini = re.sub(r"(?m)^dxp-initiator\s*=.*$", "dxp-initiator = false", ini)
    with open(os.path.join(work, "scan.ini"), "w") as f:
        f.write(ini)
    proc = subprocess.Popen(["./scan", "dxp"], cwd=work, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(3)  # it loads its evaluation, book and bitbases before it listens
    return proc, work


def scan_move(scan, board):
    """Scan's move, or how the game ended when Scan ended it instead: it adjudicates by its
    bitbases once 4 pieces are left (DXP GAMEEND, whose reason says who wins), and pydraughts
    then waits for a move forever, so the wait runs on a thread and is cut off."""
    box = {}
    waiter = threading.Thread(target=lambda: box.update(r=scan.play(board)), daemon=True)
    waiter.start()
    while waiter.is_alive():
        waiter.join(0.01)
        reason = scan.sender.current.result
        if reason is not None:
            scan.receiver.listening = False  # ends pydraughts' wait
            waiter.join()
            # DXP: 1 the sender (Scan) loses, 2 draw, 3 Scan wins, 0 unknown.
            return None, {"1": (1, "Dáma wins (Scan's bitbase)"),
                          "3": (-1, "Scan wins (its bitbase)")}.get(
                              reason, (0, "draw (Scan's bitbase)"))
    return box["r"], None


def play(number, dama_white, dama, scan_port, minutes, max_plies, times):
    board = opening(number, scan_first=not dama_white)
    scan = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": scan_port,
                            "max-moves": 75}, initial_time=60 * minutes)
    dama.send("new-game")
    left = 60.0 * minutes
    try:
        while not board.is_over() and len(board.move_stack) < max_plies:
            dama_to_move = (board.turn == draughts.WHITE) == dama_white
            began = time.perf_counter()
            if dama_to_move:
                result = dama.play(board, Limit(time=max(left, 0.05)), ponder=False)
                left -= time.perf_counter() - began
            else:
                result, ended = scan_move(scan, board)
                if ended is not None:
                    return ended
            times["Dáma" if dama_to_move else "Scan"].append(time.perf_counter() - began)
            if result.move is None:
                return (-1 if dama_to_move else 1), "no move"
            board.push(result.move)
    finally:
        try:
            scan.quit()
        except OSError:
            pass  # Scan has gone already
    if not board.is_over():
        return 0, f"draw after {max_plies} plies"
    winner = board.winner()
    if winner is None or winner == 0:
        return 0, "draw"
    dama_won = (winner == draughts.WHITE) == dama_white
    return (1 if dama_won else -1), ("Dáma wins" if dama_won else "Scan wins")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scan-dir", required=True)
    p.add_argument("--dama", default="target/release/dama")
    p.add_argument("--openings", type=int, default=10)
    p.add_argument("--first", type=int, default=0, help="number of the first opening (to go on with a match)")
    p.add_argument("--minutes", type=int, default=1)
    p.add_argument("--plies", type=int, default=300)
    p.add_argument("--port", type=int, default=27531)
    a = p.parse_args()
    dama = HubEngine([a.dama, "hub"])
    dama.init()
    score = {1: 0, 0: 0, -1: 0}
    times = {"Dáma": [], "Scan": []}
    try:
        for number in range(a.first, a.first + a.openings):
            for dama_white in (True, False):
                port = a.port + 2 * number + (0 if dama_white else 1)
                scan_proc, work = start_scan(a.scan_dir, port)
                try:
                    s, why = play(number, dama_white, dama, port, a.minutes, a.plies, times)
                finally:
                    scan_proc.terminate()
                    scan_proc.wait()
                    shutil.rmtree(work)
                score[s] += 1
                print(f"opening {number:2}, Dáma {'white' if dama_white else 'black'}: {why}",
                      flush=True)
    finally:
        dama.quit()
    games = sum(score.values())
    print(f"Dáma against Scan 2.0: +{score[1]} ={score[0]} -{score[-1]} of {games}, "
          f"{(score[1] + score[0] / 2) * 100 / max(games, 1):.1f} %")
    for who, t in times.items():
        if t:
            print(f"{who}: {len(t)} moves, mean {statistics.mean(t):.3f} s, "
                  f"max {max(t):.3f} s, total {sum(t):.1f} s")


if __name__ == "__main__":
    main()

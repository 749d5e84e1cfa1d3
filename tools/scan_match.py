#!/usr/bin/env python3
"""Dáma against Scan 2.0 in International draughts, refereed by pydraughts.

Scan 2.0 (Fabien Letouzey, GPL; repository rhalbersma/scan, commit 57082ee) is driven through
its own Hub protocol (`scan hub`: the first Hub, which pydraughts does not speak): before each of
its moves it is given the position (`pos`) and its time, then `go`. Dáma plays through `dama hub`
(pydraughts' Hub engine), one search thread each.

Openings: the positions of an opening book (`--book`, one FEN a line, `#` starts a comment; use a
book nobody tuned on, `tools/openings/international-unseen.fen`), from `--first` on, each played
twice with the engines swapping colours. Time: `--move-time SECONDS` a move each (Scan `time`,
Dáma `level move-time`), or `--minutes M` a game each on a clock (Scan `level 0 LEFT 0`, Dáma
`level time=LEFT`, each given its own time left before each move, its clock running from the
position sent to the move received). A game ends by the rules
(pydraughts: no move, or the FMJD draw rules), or as a draw after `--plies` plies (300), or with
`--probe PROBE` (Dáma's `examples/probe.rs`, built: `target/release/examples/probe`) as a draw
as soon as it reaches a position Dáma's endgame databases call drawn (they are read where the
program reads them, or from `DAMA_DATA_DIR`; a won position is played out). Scan plays with the
bitbases its `scan.ini` names and its book off (`book = false`).

    python3 -m venv venv && venv/bin/pip install pydraughts
    venv/bin/python tools/scan_match.py --scan-dir SCAN_DIR --dama target/release/dama \\
        --book tools/openings/international-unseen.fen --openings 100 --move-time 0.5

SCAN_DIR holds the built `scan`, `scan.ini` and `data/`. With `--jobs N`, N games are played at
once (each a Scan and a Dáma of its own; one job a core). Prints each game as it ends, the W/D/L
of Dáma with its score and Elo with a 95 % interval (from the game pairs' pentanomial counts),
and the time each side took a move. With `--pdn FILE`, each game is added to FILE as it ends (a
PDN game with its opening's FEN, the engines' names, the time control and why it ended), for
reading the games again in Dáma or any draughts program.
"""

import argparse
import math
import os
import queue
import re
import signal
import statistics
import subprocess
import threading
import time
import warnings

import draughts
from draughts.engine import HubEngine


def expand(squares):
    """The squares of a FEN side: `K46,31-35` → [('K', 46), ('', 31), … ('', 35)]."""
    out = []
    for item in filter(None, squares.split(",")):
        king = "K" if item.startswith("K") else ""
        item = item.lstrip("K")
        if "-" in item:
            a, b = map(int, item.split("-"))
            out.extend((king, s) for s in range(a, b + 1))
        else:
            out.append((king, int(item)))
    return out


def parse_fen(fen):
    """(side to move 'W'/'B', {square: 'w'/'b'/'W'/'B'}) of a FEN such as `B:W27,31-50:B1-20`."""
    side, *parts = fen.strip().split(":")
    board = {}
    for part in parts:
        colour, rest = part[0], part[1:]
        for king, sq in expand(rest):
            board[sq] = colour.upper() if king else colour.lower()
    return side.upper(), board


def plain_fen(fen):
    """The FEN without ranges, as pydraughts reads it."""
    side, board = parse_fen(fen)
    sides = []
    for colour in "WB":
        sq = [("K" if board[s].isupper() else "") + str(s)
              for s in sorted(board) if board[s].lower() == colour.lower()]
        sides.append(colour + ",".join(sq))
    return f"{side}:{sides[0]}:{sides[1]}"


def hub_position(fen):
    """Scan's `pos` argument: the side to move, then 50 squares (`w`/`b` men, `W`/`B` kings,
    `e` empty)."""
    side, board = parse_fen(fen)
    return side.lower() + "".join(board.get(s, "e") for s in range(1, 51))


def read_book(path):
    with open(path) as f:
        lines = [line.split("#")[0].strip() for line in f]
    return [line for line in lines if line]


class Probe:
    """Dáma's endgame databases, asked through `examples/probe.rs`: one FEN a line in, `win`,
    `draw`, `loss` or `unknown` a line out."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path, "international"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        first = self.proc.stdout.readline().split()
        if first[:1] != ["pieces"]:
            raise RuntimeError(f"{path}: no endgame databases (it said {first!r})")
        self.pieces = int(first[1])

    def drawn(self, fen):
        """Whether the databases call the position of `fen` (a FEN pydraughts writes) drawn."""
        if len(parse_fen(fen)[1]) > self.pieces:
            return False
        self.proc.stdin.write(plain_fen(fen) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        if answer.startswith("error") or not answer:
            raise RuntimeError(f"probe: {answer or 'ended'} for {fen}")
        return answer == "draw"

    def quit(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=5)
        self.proc.stdout.close()


class Scan:
    """Scan 2.0 through its Hub protocol: a position and a time before each move."""

    def __init__(self, scan_dir):
        self.proc = subprocess.Popen(["./scan", "hub"], cwd=scan_dir, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.send("hub")
        self.wait_for("wait")
        self.send("init")
        self.wait_for("ready")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Scan ended")
            if line.split()[:1] == [word]:
                return line.split()

    def new_game(self):
        self.send("new")

    def play(self, fen, move_time=None, left=None):
        self.send(f"pos {hub_position(fen)}")
        if move_time is not None:
            self.send(f"time {int(move_time * 1000)}")
        else:
            self.send(f"level 0 {max(int(left * 1000), 50)} 0")
        self.send("go")
        return self.wait_for("move")[1]

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def play_game(fen, dama_white, dama, scan, probe, a, times, played):
    """Dáma's result (1, 0, -1), why, and the plies played; `played` gets the moves played, in
    PDN."""
    board = draughts.Board(variant="standard", fen=plain_fen(fen))
    dama.send("new-game")
    scan.new_game()
    left = {"Dáma": 60.0 * (a.minutes or 0), "Scan": 60.0 * (a.minutes or 0)}
    while not board.is_over() and len(board.move_stack) < a.plies:
        if probe and probe.drawn(board.fen):
            return 0, f"draw (adjudicated by the {probe.pieces}-piece databases)", len(
                board.move_stack)
        dama_to_move = (board.turn == draughts.WHITE) == dama_white
        who = "Dáma" if dama_to_move else "Scan"
        # Each engine's clock runs from the position sent to the move received, as a GUI's
        # would: pydraughts' own work (the move list here, the move's legality after) is not
        # the engine's, and in a long game it grows to tens of milliseconds a move.
        if dama_to_move:
            moves = " ".join(m.hub_move for m in board.move_stack) or None
            timing = ({"movetime": a.move_time} if a.move_time
                      else {"my_time": max(left[who], 0.05)})
        began = time.perf_counter()
        try:
            if dama_to_move:
                hub, _ = dama.go(board._game.initial_hub_fen, moves=moves, **timing)
            else:
                hub = scan.play(board.fen, move_time=a.move_time, left=left[who])
            took = time.perf_counter() - began
            move = draughts.Move(board, hub_move=hub)
            legal = move.board_move in board._legal_moves_board()[0]
        except (ValueError, KeyError, AttributeError):  # pydraughts: no legal move of that name
            took = time.perf_counter() - began
            legal = False
        times[who].append(took)
        left[who] -= took
        if not legal:
            return (-1 if dama_to_move else 1), f"{who} played no legal move", len(board.move_stack)
        if not a.move_time and left[who] < 0:
            return (-1 if dama_to_move else 1), f"{who} lost on time", len(board.move_stack)
        board.push(move)
        played.append(move.pdn_move)
    plies = len(board.move_stack)
    if not board.is_over():
        return 0, f"draw after {a.plies} plies", plies
    winner = board.winner()
    if winner is None or winner == 0:
        return 0, "draw", plies
    dama_won = (winner == draughts.WHITE) == dama_white
    return (1 if dama_won else -1), ("Dáma wins" if dama_won else "Scan wins"), plies


def elo(pairs):
    """Logistic Elo of Dáma with a 95 % interval, from each game pair's half-points (0 to 4)."""
    n = len(pairs)
    if n < 2:
        return None
    scores = [p / 4 for p in pairs]
    mean = statistics.mean(scores)
    sd = statistics.stdev(scores) / math.sqrt(n)

    def to_elo(s):
        s = min(max(s, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / s - 1)
    return to_elo(mean), to_elo(mean - 1.96 * sd), to_elo(mean + 1.96 * sd)


def pdn_game(a, number, fen, dama_white, s, why, moves):
    """One game in PDN (International's 2-0, 1-1, 0-2 results), moves numbered from the side to
    move in `fen`."""
    white_won = s if dama_white else -s
    result = {1: "2-0", 0: "1-1", -1: "0-2"}[white_won]
    control = f"{a.move_time} s a move" if a.move_time else f"{a.minutes:g} min a game"
    tags = [("Event", f"Dáma against Scan 2.0, {control}"),
            ("Round", f"opening {number}"),
            ("White", "Dáma" if dama_white else "Scan 2.0"),
            ("Black", "Scan 2.0" if dama_white else "Dáma"),
            ("Result", result), ("GameType", "20"), ("FEN", plain_fen(fen)),
            ("Termination", why)]
    words = []
    black_first = parse_fen(fen)[0] == "B"
    for i, m in enumerate(moves):
        ply = i + black_first
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}. {m}")
        elif i == 0:
            words.append(f"1... {m}")
        else:
            words.append(m)
    words.append(result)
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    header = "".join(f'[{k} "{v}"]\n' for k, v in tags)
    return header + "\n" + "\n".join(lines) + "\n\n"


def worker(jobs, results, a, times):
    """Plays games from `jobs` until none is left; a failure ends the match (it is put in
    `results` as an exception, which the main thread raises)."""
    try:
        dama = HubEngine([a.dama, "hub"])
        dama.init()
        scan = Scan(a.scan_dir)
        probe = Probe(a.probe) if a.probe else None
    except Exception as e:  # noqa: BLE001 - reported by the main thread
        results.put(e)
        return
    try:
        while True:
            try:
                number, fen, dama_white = jobs.get_nowait()
            except queue.Empty:
                return
            began = time.perf_counter()
            played = []
            s, why, plies = play_game(fen, dama_white, dama, scan, probe, a, times, played)
            results.put((number, dama_white, s, why, plies, time.perf_counter() - began,
                         fen, played))
    except Exception as e:  # noqa: BLE001 - reported by the main thread
        results.put(e)
    finally:
        dama.quit()
        scan.quit()
        if probe:
            probe.quit()


def main():
    # pydraughts leaves its engines' pipes to the collector.
    warnings.simplefilter("ignore", ResourceWarning)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scan-dir", required=True)
    p.add_argument("--dama", default="target/release/dama")
    p.add_argument("--book", required=True)
    p.add_argument("--first", type=int, default=0, help="the book's position to begin with")
    p.add_argument("--openings", type=int, default=10)
    time_control = p.add_mutually_exclusive_group(required=True)
    time_control.add_argument("--move-time", type=float)
    time_control.add_argument("--minutes", type=float)
    p.add_argument("--plies", type=int, default=300)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--probe", help="examples/probe.rs built: draws adjudicated by Dáma's "
                   "endgame databases")
    p.add_argument("--pdn", help="a PDN file each game is added to as it ends")
    a = p.parse_args()
    a.scan_dir = os.path.realpath(a.scan_dir)
    book = read_book(a.book)
    jobs = queue.Queue()
    for number in range(a.first, a.first + a.openings):
        for dama_white in (True, False):
            jobs.put((number, book[number % len(book)], dama_white))
    results = queue.Queue()
    times = {"Dáma": [], "Scan": []}
    threads = [threading.Thread(target=worker, args=(jobs, results, a, times), daemon=True)
               for _ in range(a.jobs)]
    for t in threads:
        t.start()
    score = {1: 0, 0: 0, -1: 0}
    halves = {}
    pairs = []
    # Stopped (Ctrl+C, or kill's SIGTERM), the match gives its figures for the games ended.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for _ in range(2 * a.openings):
            result = results.get()
            if isinstance(result, Exception):
                raise SystemExit(f"the match stopped: {result!r}")
            number, dama_white, s, why, plies, took, fen, played = result
            if a.pdn:
                with open(a.pdn, "a", encoding="utf-8") as f:
                    f.write(pdn_game(a, number, fen, dama_white, s, why, played))
            score[s] += 1
            print(f"opening {number:3}, Dáma {'white' if dama_white else 'black'}: {why}, "
                  f"{plies} plies, {took:.0f} s", flush=True)
            if number in halves:
                pairs.append(halves.pop(number) + s + 1)
            else:
                halves[number] = s + 1
        for t in threads:
            t.join()
    except KeyboardInterrupt:
        print(f"stopped: the games under way are left out, and {len(halves)} ended whose pair "
              "did not end count in W/D/L only", flush=True)
    games = sum(score.values())
    print(f"Dáma against Scan 2.0: +{score[1]} ={score[0]} -{score[-1]} of {games}, "
          f"{(score[1] + score[0] / 2) * 100 / max(games, 1):.1f} %")
    penta = [pairs.count(k) for k in range(5)]
    print(f"pairs (Dáma's points 0, 1/2, 1, 3/2, 2): {' '.join(map(str, penta))}")
    e = elo(pairs)
    if e:
        print(f"Elo of Dáma: {e[0]:+.1f} [{e[1]:+.1f}, {e[2]:+.1f}] (95 %, over {len(pairs)} pairs)")
    for who, t in times.items():
        if t:
            print(f"{who}: {len(t)} moves, mean {statistics.mean(t):.3f} s, "
                  f"max {max(t):.3f} s, total {sum(t):.1f} s")


if __name__ == "__main__":
    main()

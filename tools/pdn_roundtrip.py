#!/usr/bin/env python3
"""Round-trip check of Dáma's PDN writer against two Python PDN readers.

For every PDN file given, this script

1. has Dáma read and rewrite it: ``dama convert IN OUT`` (if Dáma refuses the
   whole file, e.g. one corrupt game in a real collection, the file is split into
   games and each game is converted on its own; the games Dáma refuses are
   counted and left out);
2. takes Dáma's own reading as the reference: the main-line moves of OUT (comments,
   variations, move numbers, glyphs and NAGs stripped by a small PDN tokenizer in
   this script) together with ``dama replay OUT`` (plies and final position of
   each game);
3. reads OUT with each library and compares each game's main line move by move:
   from-square, to-square and whether it is a capture, then the final position
   (which catches a different choice of captured pieces);

   * pydraughts (PyPI ``pydraughts``, module ``draughts``, AttackingOrDefending):
     ``draughts.PDN.PDNReader(filename=OUT)`` -- its own game splitting -- then
     every move string replayed with ``Board(variant, FEN)`` / ``Move(board,
     pdn_move=...)``; the variant is the one PDNReader itself derives from the
     GameType tag (or guesses);
   * py-draughts (PyPI ``py-draughts``, module ``draughts``, miskibin):
     ``BoardClass.from_pdn(game_text)`` for each game; the library reads one game
     per call and has no variant detection, so the games are split by this
     script and the class is picked from the GameType number (20 ->
     ``StandardBoard``, 21 or none -> ``AmericanBoard``);

   games of rule sets a library does not play (Czech 29, Dáma's private 90/91)
   are counted as "unsupported", not as failures;
4. checks Dáma against itself: ``dama replay OUT`` must give the same plies and
   final positions as Dáma's reading of IN, and converting OUT again must give
   OUT byte for byte;
5. as a baseline, reads the *original* file with both libraries the same way.

It prints, per file: the games, how many each reader read back with identical
moves, and the first mismatch or exception verbatim; then the totals. The exit
status is 1 if any game of Dáma's *output* was not read back identically by a
reader that supports its rule set (or Dáma's own round trip is not exact), 0
otherwise; baseline failures on the original files are reported only.

The two libraries both install the module ``draughts``, so each lives in its own
virtual environment and runs in a child process (this same file, ``--worker``).

Requirements: Python 3.9+ (standard library only for this process), a built
``dama`` binary (``cargo build --release``), and the two virtual environments:

    python3 tools/pdn_roundtrip.py --setup          # creates both (PyPI access)

which is the same as

    python3 -m venv /tmp/rt-venv && /tmp/rt-venv/bin/pip install pydraughts
    python3 -m venv /tmp/rt-venv-py-draughts && \\
        /tmp/rt-venv-py-draughts/bin/pip install py-draughts

Usage:

    python3 tools/pdn_roundtrip.py tests/data/pdn/*.pdn tools/pdn_samples/*.pdn
    python3 tools/pdn_roundtrip.py --keep /tmp/rt-out --verbose FILE.pdn

Options: ``--dama PATH`` (default target/release/dama), ``--build`` (run
``cargo build --release`` first), ``--pydraughts-python`` /
``--py-draughts-python`` (the venvs' interpreters; also the environment
variables PYDRAUGHTS_PYTHON and PY_DRAUGHTS_PYTHON), ``--no-baseline``,
``--keep DIR`` (keep Dáma's output files there), ``--verbose`` (every failing
game, not only the first per file and reader).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_VENVS = {
    "pydraughts": Path("/tmp/rt-venv"),
    "py-draughts": Path("/tmp/rt-venv-py-draughts"),
}
ENV_VARS = {"pydraughts": "PYDRAUGHTS_PYTHON", "py-draughts": "PY_DRAUGHTS_PYTHON"}
READERS = ("pydraughts", "py-draughts")

# --------------------------------------------------------------------------
# A small PDN tokenizer: enough to split files into games and to take the
# main line of Dáma's (well-formed) output. It is not a validator.
# --------------------------------------------------------------------------

RESULTS = ("1/2-1/2", "2-0", "0-2", "1-1", "1-0", "0-1", "0-0", "*")
_TAG = re.compile(r'\[\s*(\w+)\s*"((?:\\.|[^"\\])*)"\s*\]')
_RESULT = re.compile(r"(?:1/2-1/2|2-0|0-2|1-1|1-0|0-1|0-0|\*)(?![\w/-])")
_NUMBER = re.compile(r"\d+\s*\.(?:\s*\.\s*\.|\.\.)?")
_MOVE = re.compile(r"(?:[a-z]?\d+|[a-z]\d+)(?:[-x:](?:[a-z]?\d+))+[!?]*", re.I)
_SETUP = re.compile(r'/\s*FEN\s*"[^"]*"\s*/', re.I)


class Game:
    """One game as split from a file."""

    def __init__(self) -> None:
        self.tags: dict[str, str] = {}
        self.moves: list[str] = []  # main line, glyphs stripped
        self.result: str | None = None
        self.start = 0  # offsets of the game's text in the file
        self.end = 0

    def game_type(self) -> int | None:
        value = self.tags.get("GameType")
        if value is None:
            return None
        m = re.match(r"\s*(\d+)", value)
        return int(m.group(1)) if m else -1


def split_games(text: str) -> list[Game]:
    """Splits PDN text into games (tags, main-line moves, result)."""
    games: list[Game] = []
    game: Game | None = None
    depth = 0
    i, n = 0, len(text)
    at_line_start = True

    def current() -> Game:
        nonlocal game
        if game is None:
            game = Game()
            game.start = i
        return game

    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if c.isspace():
            i += 1
            continue
        if c == "%" and at_line_start:  # escape line
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        at_line_start = False
        if c == "{":
            current()
            j = text.find("}", i + 1)
            i = n if j < 0 else j + 1
        elif c == ";":
            current()
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "(":
            current()
            depth += 1
            i += 1
        elif c == ")":
            depth = max(depth - 1, 0)
            i += 1
        elif c == "[" and (m := _TAG.match(text, i)):
            if depth == 0 and game is not None and game.moves:
                # A tag after moves: a new game (the last had no result).
                game.end = i
                games.append(game)
                game = None
            g = current()
            if depth == 0:
                g.tags[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            i = m.end()
        elif depth > 0:
            if c == "/" and (m := _SETUP.match(text, i)):
                i = m.end()
            else:
                i += 1
        elif m := _RESULT.match(text, i):
            g = current()
            g.result = m.group(0)
            g.end = m.end()
            games.append(g)
            game = None
            i = m.end()
        elif m := _NUMBER.match(text, i):
            current()
            i = m.end()
        elif m := _MOVE.match(text, i):
            current().moves.append(m.group(0).rstrip("!?"))
            i = m.end()
        elif c == "$":
            m = re.compile(r"\$\d+").match(text, i)
            i = m.end() if m else i + 1
        else:
            current()
            i += 1
    if game is not None and (game.tags or game.moves):
        game.end = n
        games.append(game)
    return games


def ref_move(token: str) -> tuple[int, int, bool] | None:
    """(from, to, capture) of a numeric move token; None for algebraic ones."""
    if re.search(r"[a-z]", token, re.I):
        return None
    squares = [int(s) for s in re.split(r"[-x:]", token)]
    return squares[0], squares[-1], ("x" in token or ":" in token)


def parse_fen(fen: str | None):
    """A FEN (ranges, K prefixes, any order, empty lists) as a comparable value."""
    if not fen:
        return None
    fen = fen.strip().rstrip(".")
    fields = fen.split(":")
    side = fields[0].strip().upper()
    pieces = {"W": (set(), set()), "B": (set(), set())}
    for field in fields[1:]:
        field = field.strip()
        if not field or field[0].upper() not in "WB":
            continue
        men, kings = pieces[field[0].upper()]
        for tok in field[1:].split(","):
            tok = tok.strip()
            if not tok:
                continue
            king = tok[0].upper() == "K"
            tok = tok[1:] if king else tok
            if "-" in tok:
                a, b = tok.split("-")
                squares = range(int(a), int(b) + 1)
            else:
                squares = [int(tok)]
            (kings if king else men).update(squares)
    return (
        side,
        tuple(sorted(pieces["W"][0])),
        tuple(sorted(pieces["W"][1])),
        tuple(sorted(pieces["B"][0])),
        tuple(sorted(pieces["B"][1])),
    )


def normalise_fen(fen: str) -> str:
    """The FEN form every reader tried accepts: `W:W31,32,K40:B1,2` -- side letter, the
    white list then the black list, squares ascending, kings prefixed K, no ranges, no spaces,
    no trailing '.', no extra fields; an empty list is written as the bare letter."""
    value = parse_fen(fen)
    if value is None:
        return fen
    side, wm, wk, bm, bk = value

    def pieces(men, kings):
        return ",".join(f"K{sq}" if sq in kings else str(sq) for sq in sorted(set(men) | set(kings)))

    return f"{side}:W{pieces(wm, wk)}:B{pieces(bm, bk)}"


def proposed_form(text: str) -> str:
    """Dáma's output rewritten in another form, to try a writer change before making it:

    * no `N...` move number after a comment or a variation (a move number is written only
      before the first player's move, and `N...` only before a line's first move when it is
      the second player's) -- Dáma's writer does this since commit ceaa1c1;
    * FEN tags as plain lists (see normalise_fen); the writer writes ranges (2408be2), which
      both libraries read as well.
    """
    out: list[str] = []
    i, n = 0, len(text)
    moved = [False]  # per line (main line, then each open variation): a move seen yet
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            out.append(c)
            i += 1
            continue
        if c.isspace():
            out.append(c)
            i += 1
            continue
        if c == "%" and at_line_start:
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(text[i:j])
            i = j
            continue
        at_line_start = False
        if c == "{":
            j = text.find("}", i + 1)
            j = n if j < 0 else j + 1
            out.append(text[i:j])
            i = j
        elif c == ";":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(text[i:j])
            i = j
        elif c == "(":
            moved.append(False)
            out.append(c)
            i += 1
        elif c == ")":
            if len(moved) > 1:
                moved.pop()
            out.append(c)
            i += 1
        elif c == "[" and (m := _TAG.match(text, i)):
            if m.group(1) == "FEN" and len(moved) == 1:
                out.append(f'[FEN "{normalise_fen(m.group(2))}"]')
            else:
                out.append(m.group(0))
            i = m.end()
        elif m := _RESULT.match(text, i):
            moved = [False]
            out.append(m.group(0))
            i = m.end()
        elif m := _NUMBER.match(text, i):
            if "..." in re.sub(r"\s", "", m.group(0)) and moved[-1]:
                i = m.end()
                while i < n and text[i] == " ":
                    i += 1
            else:
                out.append(m.group(0))
                i = m.end()
        elif m := _MOVE.match(text, i):
            moved[-1] = True
            out.append(m.group(0))
            i = m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


ENGLISH_START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def with_english_start_fen(text: str) -> str:
    """Adds `[FEN "B:W21,...,32:B1,...,12"]` to each English game (GameType 21) that has no FEN
    tag: py-draughts' AmericanBoard otherwise lets the side on 21-32 move first. (pydraughts
    0.6.7 then repeats the first move: the two libraries cannot both read such a game.)"""
    out, pos = [], 0
    for g in split_games(text):
        if g.game_type() == 21 and "FEN" not in g.tags and g.tags:
            head_end = text.find("\n\n", g.start, g.end)
            if head_end > 0:
                out.append(text[pos:head_end])
                out.append(f'\n[FEN "{ENGLISH_START}"]')
                pos = head_end
    out.append(text[pos:])
    return "".join(out)


# --------------------------------------------------------------------------
# Workers: run inside each library's virtual environment.
# --------------------------------------------------------------------------

PYDRAUGHTS_VARIANTS = {"standard", "english"}


def worker_pydraughts(job: dict) -> dict:
    """Reads a whole file with pydraughts' PDNReader and replays every game."""
    import traceback

    from draughts import Board, Move
    from draughts.PDN import PDNReader

    out: dict = {"version": None, "games": [], "error": None}
    try:
        import draughts

        out["version"] = getattr(draughts, "__version__", None)
    except Exception:  # noqa: BLE001
        pass
    try:
        reader = PDNReader(filename=job["file"])
    except Exception as e:  # noqa: BLE001
        out["error"] = f"PDNReader: {type(e).__name__}: {e}"
        return out
    for g in reader.games:
        rec: dict = {
            "variant": g.variant,
            "fen_tag": g.tags.get("FEN"),
            "strings": list(g.moves),
            "result": g.game_ending,
            "moves": [],
            "fen": None,
            "error": None,
        }
        variant = g.variant
        if variant is None:
            # PDNReader leaves it unset for a game without moves: take the GameType tag as a
            # user would, else PDN's default (20).
            gt = re.match(r"\s*(\d+)", g.tags.get("GameType", "20"))
            variant = {"20": "standard", "21": "english"}.get(gt.group(1) if gt else "", "other")
        if variant not in PYDRAUGHTS_VARIANTS:
            rec["error"] = f"unsupported variant {variant!r}"
            rec["unsupported"] = True
            out["games"].append(rec)
            continue
        try:
            board = Board(variant, g.tags["FEN"] if "FEN" in g.tags else "startpos")
        except Exception as e:  # noqa: BLE001
            rec["error"] = f"Board({variant!r}, {g.tags.get('FEN')!r}): {type(e).__name__}: {e}"
            out["games"].append(rec)
            continue
        for k, s in enumerate(g.moves):
            try:
                mv = Move(board, pdn_move=s)
                board.push(mv)
            except Exception as e:  # noqa: BLE001
                last = traceback.extract_tb(e.__traceback__)[-1]
                rec["error"] = (
                    f"ply {k + 1}: Move(board, pdn_move={s!r}): {type(e).__name__}: {e} "
                    f"(at {Path(last.filename).name}:{last.lineno})"
                )
                break
            steps = mv.steps_move
            rec["moves"].append([steps[0], steps[-1], bool(mv.captures)])
        try:
            rec["fen"] = board.fen
        except Exception:  # noqa: BLE001
            pass
        out["games"].append(rec)
    return out


def worker_py_draughts(job: dict) -> dict:
    """Reads each game text with py-draughts' Board.from_pdn."""
    import draughts
    from draughts import AmericanBoard, StandardBoard

    classes = {20: StandardBoard, 21: AmericanBoard, None: AmericanBoard}
    out: dict = {"version": getattr(draughts, "__version__", None), "games": [], "error": None}
    for text, game_type in zip(job["texts"], job["game_types"]):
        rec: dict = {"moves": [], "fen": None, "error": None}
        cls = classes.get(game_type)
        if cls is None:
            rec["error"] = f"unsupported GameType {game_type}"
            rec["unsupported"] = True
            out["games"].append(rec)
            continue
        try:
            board = cls.from_pdn(text)
        except Exception as e:  # noqa: BLE001
            rec["error"] = f"{cls.__module__.split('.')[-1]}.Board.from_pdn: {type(e).__name__}: {e}"
            out["games"].append(rec)
            continue
        for mv in board._moves_stack:  # noqa: SLF001 (no public move list)
            rec["moves"].append([mv.square_list[0] + 1, mv.square_list[-1] + 1, bool(mv.captured_list)])
        fen = board.fen
        m = re.search(r'"([^"]*)"', fen)
        rec["fen"] = m.group(1) if m else fen
        out["games"].append(rec)
    return out


def worker_main(lib: str) -> None:
    job = json.load(sys.stdin)
    result = worker_pydraughts(job) if lib == "pydraughts" else worker_py_draughts(job)
    json.dump(result, sys.stdout)


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------


def run_worker(python: str, lib: str, job: dict) -> dict:
    # pydraughts' reader walks a set() of move numbers: with continuation numbers its result
    # (crash or silently lost moves) depends on the hash seed. Fix it, so runs repeat.
    env = dict(os.environ, PYTHONHASHSEED=os.environ.get("PYTHONHASHSEED", "0"))
    proc = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", lib],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        env=env,
    )
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-3:]
        return {"version": None, "games": [], "error": f"worker crashed: {' | '.join(tail)}"}
    return json.loads(proc.stdout)


def run_workers(calls: list) -> list[dict]:
    """run_worker for each (python, lib, job), in parallel."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(lambda c: run_worker(*c), calls))


def dama_run(dama: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([dama, *args], capture_output=True, text=True)


def first_error_line(stderr: str) -> str:
    lines = [ln for ln in stderr.splitlines() if ": warning: " not in ln]
    return lines[-1] if lines else stderr.strip().splitlines()[-1] if stderr.strip() else ""


_REPLAY = re.compile(r"game (\d+): (\d+) plies, result (\S+), (?:final )?(\S*)")


def parse_replay(stdout: str) -> list[tuple[int, str, str]]:
    """(plies, result, final FEN) of each game from `dama replay`."""
    return [(int(m.group(2)), m.group(3), m.group(4)) for m in _REPLAY.finditer(stdout)]


class FileReport:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: list[str] = []
        self.failed = False


def convert(dama: str, src: Path, workdir: Path) -> tuple[str, list, list[int | None], list[str]]:
    """Converts src with Dáma. Returns (output text, replay of the input per kept game,
    mapping original game index -> output game index (None if Dáma refused it), notes)."""
    notes: list[str] = []
    out = workdir / (src.stem + ".dama.pdn")
    proc = dama_run(dama, "convert", str(src), str(out))
    if proc.returncode == 0:
        rep = dama_run(dama, "replay", str(src))
        before = parse_replay(rep.stdout)
        text = out.read_text(encoding="utf-8")
        return text, before, list(range(len(before))), notes
    notes.append(f"dama convert refused the file: {first_error_line(proc.stderr)}")
    notes.append("  -> converting game by game, leaving out the games Dáma refuses")
    raw = src.read_bytes().decode("utf-8", errors="replace")
    originals = split_games(raw)
    pieces, before, mapping = [], [], []
    refused = 0
    one_in, one_out = workdir / "one.pdn", workdir / "one.out.pdn"
    accepted = []
    for g in originals:
        one_in.write_text(raw[g.start : g.end] + "\n", encoding="utf-8")
        p = dama_run(dama, "convert", str(one_in), str(one_out))
        if p.returncode != 0:
            refused += 1
            mapping.append(None)
            if refused <= 3:
                notes.append(f"  refused game {len(mapping)}: {first_error_line(p.stderr)}")
            continue
        mapping.append(len(pieces))
        accepted.append(raw[g.start : g.end] + "\n\n")
        pieces.append(one_out.read_text(encoding="utf-8"))
    kept = workdir / (src.stem + ".accepted.pdn")
    kept.write_text("".join(accepted), encoding="utf-8")
    before = parse_replay(dama_run(dama, "replay", str(kept)).stdout)
    notes.append(f"  Dáma refused {refused} of {len(originals)} games")
    text = "".join(pieces)
    out.write_text(text, encoding="utf-8")
    return text, before, mapping, notes


def compare(ref_moves, ref_fen, ref_plies, rec: dict, lib: str) -> str | None:
    """None if the library read the game identically, else the first difference."""
    got = rec.get("moves", [])
    for k, (r, g) in enumerate(zip(ref_moves, got)):
        if r is None:
            continue
        if (r[0], r[1], r[2]) != (g[0], g[1], g[2]):
            rt = f"{r[0]}{'x' if r[2] else '-'}{r[1]}"
            gt = f"{g[0]}{'x' if g[2] else '-'}{g[1]}"
            return f"ply {k + 1}: Dáma {rt}, {lib} {gt}"
    if rec.get("error"):
        return rec["error"]
    if len(got) != ref_plies:
        if len(got) < ref_plies:
            return f"{lib} read {len(got)} plies of {ref_plies} (stops before Dáma's ply {len(got) + 1})"
        return f"{lib} read {len(got)} plies, Dáma {ref_plies} (extra from ply {ref_plies + 1})"
    want, have = parse_fen(ref_fen), parse_fen(rec.get("fen"))
    if want is not None and have is not None and want != have:
        return f"final position differs: Dáma {ref_fen}, {lib} {rec.get('fen')}"
    return None


def check_reader(lib, results, refs, verbose) -> tuple[int, int, int, list[str]]:
    """Compares a worker's games with the references. Returns (same, failed, unsupported, log
    lines). refs: (main-line moves as (from, to, capture), final FEN, plies, game label) each."""
    lines: list[str] = []
    same = failed = unsupported = 0
    if results.get("error"):
        lines.append(f"    {lib}: {results['error']}")
    games = results.get("games", [])
    shown = 0
    for k, ref in enumerate(refs):
        moves, fen, plies, label = ref
        rec = games[k] if k < len(games) else None
        if rec is None:
            failed += 1
            diff = f"not read ({lib} found {results.get('found', len(games))} games in the file)"
        elif rec.get("unsupported"):
            unsupported += 1
            continue
        else:
            diff = compare(moves, fen, plies, rec, lib)
            if diff is None:
                same += 1
                continue
            failed += 1
        if shown == 0 or verbose:
            lines.append(f"    {lib}: game {label}: {diff}")
        shown += 1
    if len(games) > len(refs):
        lines.append(f"    {lib}: read {len(games)} games, Dáma {len(refs)}")
    if shown > 1 and not verbose:
        lines.append(f"    {lib}: ... {shown - 1} more failing games (--verbose lists them)")
    return same, failed, unsupported, lines


def process(path: Path, args, pythons, workdir: Path, totals: dict) -> FileReport:
    rep = FileReport(path)
    text, before, mapping, notes = convert(args.dama, path, workdir)
    out_path = workdir / (path.stem + ".dama.pdn")
    if args.proposed:
        text = proposed_form(text)
        if args.english_start_fen:
            text = with_english_start_fen(text)
        out_path = workdir / (path.stem + ".proposed.pdn")
        out_path.write_text(text, encoding="utf-8")
    games = split_games(text)
    after = parse_replay(dama_run(args.dama, "replay", str(out_path)).stdout) if games else []
    rep.lines.extend("  " + n for n in notes)
    n = len(games)
    what = "written by Dáma" + (", in the proposed form" if args.proposed else "")
    rep.lines.insert(0, f"{path}: {n} games {what}")

    # References: Dáma's main line of its own output, its replay of the output.
    refs = []
    ref_problems = 0
    for k, g in enumerate(games):
        moves = [ref_move(t) for t in g.moves]
        fen = after[k][2] if k < len(after) else None
        plies = after[k][0] if k < len(after) else len(g.moves)
        if plies != len(g.moves):
            ref_problems += 1
        refs.append((moves, fen, plies, str(k + 1)))
    if len(after) != n:
        rep.lines.append(f"  note: dama replay finds {len(after)} games in the output, this script {n}")
    if ref_problems:
        rep.lines.append(f"  note: the tokenizer's main line differs from dama replay's plies in {ref_problems} games")

    # Dáma against itself.
    dama_same = sum(1 for a, b in zip(before, after) if a[0] == b[0] and parse_fen(a[2]) == parse_fen(b[2]))
    again = workdir / (path.stem + ".dama2.pdn")
    p2 = dama_run(args.dama, "convert", str(out_path), str(again))
    written = again.read_text(encoding="utf-8") if p2.returncode == 0 else None
    if args.proposed and written is not None:
        # Dáma's writer does not write the proposed form yet: compare in that form.
        written = proposed_form(written)
        if args.english_start_fen:
            written = with_english_start_fen(written)
    if args.proposed and written is not None:
        # The transform drops tokens without wrapping the lines again: compare the tokens.
        idempotent = written.split() == text.split()
    else:
        idempotent = written == text
    line = f"  Dáma re-reads its output: {dama_same}/{n} same plies and final position"
    line += "; convert(OUT) == OUT" if idempotent else "; convert(OUT) != OUT"
    if p2.returncode != 0:
        line += f" ({first_error_line(p2.stderr)})"
    if len(before) != len(after) or dama_same != n or not idempotent:
        rep.failed = True
    rep.lines.append(line)
    totals["games"] += n
    totals["dama_same"] += dama_same

    # The libraries on Dáma's output.
    game_types = [g.game_type() for g in games]
    texts = [text[g.start : g.end] for g in games]
    jobs = {
        "pydraughts": {"file": str(out_path)},
        "py-draughts": {"texts": texts, "game_types": game_types},
    }
    results = run_workers([(pythons[lib], lib, jobs[lib]) for lib in READERS])
    for lib, res in zip(READERS, results):
        totals.setdefault("versions", {})[lib] = res.get("version")
        same, failed, unsup, lines = check_reader(lib, res, refs, args.verbose)
        checked = n - unsup
        rep.lines.append(
            f"  {lib} on Dáma's output: {same}/{checked} identical"
            + (f" ({unsup} games of rule sets it does not play)" if unsup else "")
        )
        rep.lines.extend(lines)
        totals[lib + "_checked"] += checked
        totals[lib + "_same"] += same
        if failed:
            rep.failed = True

    # Baseline: the original file.
    if not args.no_baseline:
        raw = path.read_bytes().decode("utf-8", errors="replace")
        originals = split_games(raw)
        keep = []
        for k, g in enumerate(originals):
            j = mapping[k] if k < len(mapping) else None
            if j is None or j >= len(refs):
                continue
            keep.append((k, j))
        texts_b = [raw[originals[k].start : originals[k].end] for k, _ in keep]
        gts = [game_types[j] for _, j in keep]
        res, res_b = run_workers(
            [
                (pythons["pydraughts"], "pydraughts", {"file": str(path)}),
                (pythons["py-draughts"], "py-draughts", {"texts": texts_b, "game_types": gts}),
            ]
        )
        # pydraughts: its own split of the original; games aligned by index.
        aligned = {
            "version": res.get("version"),
            "error": res.get("error"),
            "games": [],
            "found": len(res.get("games", [])),
        }
        refs_b = []
        for k, j in keep:
            rec = res["games"][k] if k < len(res.get("games", [])) else None
            aligned["games"].append(rec)
            refs_b.append(refs[j][:3] + (str(k + 1),))
        same, failed, unsup, lines = check_reader("pydraughts", aligned, refs_b, args.verbose)
        if len(res.get("games", [])) != len(originals):
            lines.append(f"    pydraughts: read {len(res.get('games', []))} games of {len(originals)}")
        rep.lines.append(f"  baseline, pydraughts on the original: {same}/{len(refs_b) - unsup} identical")
        rep.lines.extend(lines)
        # py-draughts: this script's split; the GameType Dáma used.
        same, failed, unsup, lines = check_reader("py-draughts", res_b, refs_b, args.verbose)
        rep.lines.append(f"  baseline, py-draughts on the original: {same}/{len(refs_b) - unsup} identical")
        rep.lines.extend(lines)
    return rep


def setup(pythons_dirs: dict) -> None:
    for lib, venv in pythons_dirs.items():
        if not (venv / "bin" / "python").exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", lib], check=True)
        print(f"{lib}: {venv}/bin/python")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--dama", default=str(ROOT / "target" / "release" / "dama"))
    ap.add_argument("--build", action="store_true", help="cargo build --release first")
    ap.add_argument("--pydraughts-python")
    ap.add_argument("--py-draughts-python")
    ap.add_argument("--setup", action="store_true", help="create the two virtual environments")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--keep", type=Path, help="keep Dáma's output files in this folder")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument(
        "--proposed",
        action="store_true",
        help="rewrite Dáma's output in the form proposed for its writer (no N... after comments "
        "and variations, FEN normalised) before the readers see it",
    )
    ap.add_argument(
        "--english-start-fen",
        action="store_true",
        help="with --proposed: also give English games from the start position a FEN tag",
    )
    ap.add_argument("--worker", choices=READERS, help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.worker:
        worker_main(args.worker)
        return 0
    if args.setup:
        setup(DEFAULT_VENVS)
        if not args.files:
            return 0
    if not args.files:
        ap.error("no PDN files given")
    if args.english_start_fen and not args.proposed:
        ap.error("--english-start-fen goes with --proposed")
    if args.build:
        subprocess.run(["cargo", "build", "--release"], cwd=ROOT, check=True)
    if not Path(args.dama).exists():
        ap.error(f"{args.dama} not found: build it with cargo build --release (or --build)")
    pythons = {
        "pydraughts": args.pydraughts_python
        or os.environ.get(ENV_VARS["pydraughts"])
        or str(DEFAULT_VENVS["pydraughts"] / "bin" / "python"),
        "py-draughts": args.py_draughts_python
        or os.environ.get(ENV_VARS["py-draughts"])
        or str(DEFAULT_VENVS["py-draughts"] / "bin" / "python"),
    }
    for lib, py in pythons.items():
        if not Path(py).exists():
            ap.error(f"{lib}: no interpreter at {py} (run with --setup, or pass --{lib}-python)")

    totals = {"games": 0, "dama_same": 0}
    for lib in READERS:
        totals[lib + "_checked"] = totals[lib + "_same"] = 0
    failed_files = []
    with tempfile.TemporaryDirectory(prefix="pdn-roundtrip-") as tmp:
        workdir = args.keep or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        for path in args.files:
            rep = process(path, args, pythons, workdir, totals)
            print("\n".join(rep.lines), flush=True)
            if rep.failed:
                failed_files.append(path)
    versions = totals.get("versions", {})
    print()
    print(
        "versions: "
        + ", ".join(f"{lib} {versions.get(lib)}" for lib in READERS)
        + f"; dama: {dama_run(args.dama, '--version').stdout.strip()}"
    )
    print(f"total: {totals['games']} games written by Dáma in {len(args.files)} files")
    print(f"  Dáma re-reads its output identically: {totals['dama_same']}/{totals['games']}")
    for lib in READERS:
        print(f"  {lib}: {totals[lib + '_same']}/{totals[lib + '_checked']} identical")
    if failed_files:
        print(f"FAILED: {len(failed_files)} of {len(args.files)} files: " + " ".join(map(str, failed_files)))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())

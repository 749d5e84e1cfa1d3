#!/usr/bin/env python3
"""Splits the real PDN files of tests/data into small games: the pdn_reader seed corpus.

A game starts at a line beginning with '[' after a line that is not a tag. From each file the
first few games (and a few from its middle) that fit in MAX_BYTES are kept, byte for byte.
Run from the repository root: python3 fuzz/seeds/split.py
"""
import hashlib
import pathlib

MAX_BYTES = 2500
PER_FILE = 4
SOURCES = ["tests/data/pdn", "tests/data/encoding"]
OUT = pathlib.Path("fuzz/seeds/pdn_reader")


def games(data: bytes):
    lines = data.splitlines(keepends=True)
    game, prev_tag = [], False
    for line in lines:
        s = line.lstrip()
        is_tag = s.startswith(b"[")
        if is_tag and not prev_tag and any(l.strip() for l in game):
            yield b"".join(game)
            game = []
        game.append(line)
        if s.strip():
            prev_tag = is_tag
    if game:
        yield b"".join(game)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.iterdir():
        old.unlink()
    total = 0
    for src in SOURCES:
        for path in sorted(pathlib.Path(src).glob("*.pdn")):
            all_games = [g for g in games(path.read_bytes()) if len(g) <= MAX_BYTES]
            if not all_games:
                # A file of long games: its first game's start, cut at a line end.
                g = next(games(path.read_bytes()))[:MAX_BYTES]
                all_games = [g[: g.rfind(b"\n") + 1] or g]
            picked = all_games[:PER_FILE - 1] + all_games[len(all_games) // 2:][:1]
            for g in dict.fromkeys(picked):
                name = f"{path.stem}-{hashlib.sha1(g).hexdigest()[:8]}.pdn"
                (OUT / name).write_bytes(g)
                total += len(g)
    print(f"{len(list(OUT.iterdir()))} seeds, {total} bytes")


if __name__ == "__main__":
    main()

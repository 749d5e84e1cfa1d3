"""Makes the sample PDN files of this folder (already committed; run again only to change them).

Random legal games played with pydraughts (seeded, so the output is the same each time), written
with the constructs the round-trip check needs, one construct per file, so that a reader that
loses its way in one file does not hide what it does with the others:

    /tmp/rt-venv/bin/python tools/pdn_samples/make_samples.py tools/pdn_samples

Every file must replay in Dáma (`target/release/dama replay tools/pdn_samples/*.pdn`).
"""

import random
import sys
from pathlib import Path

from draughts import Board


def sorted_fen(board):
    """pydraughts' FEN with the squares in numeric order."""
    side, white, black = board.fen.split(":")

    def srt(field):
        items = [x for x in field[1:].split(",") if x]
        return ",".join(sorted(items, key=lambda s: int(s.lstrip("K"))))

    return f"{side}:W{srt(white)}:B{srt(black)}"


def play(variant, seed, plies):
    """A random legal game: moves, another legal move at each ply, FEN before each ply."""
    rnd = random.Random(seed)
    b = Board(variant)
    moves, alts, fens = [], [], [sorted_fen(b)]
    for _ in range(plies):
        legal = b.legal_moves()
        if not legal or b.is_over():
            break
        m = rnd.choice(legal)
        others = [x.pdn_move for x in legal if x.pdn_move != m.pdn_move]
        alts.append(others[0] if others else None)
        moves.append(m.pdn_move)
        b.push(m)
        fens.append(sorted_fen(b))
    return moves, alts, fens


def with_kings(variant, side, first_seed, plies=300):
    """A game that reaches a position with a king and `side` to move, and that position's ply."""
    for seed in range(first_seed, first_seed + 500):
        m, a, f = play(variant, seed, plies)
        idx = [i for i, x in enumerate(f) if "K" in x and x.startswith(side) and i + 12 < len(m)]
        if idx:
            return m, a, f, idx[0]
    raise SystemExit(f"no {variant} game with a king and {side} to move")


def movetext(moves, alts, first_second=False, comments=(), variations=(), glyphs=(), comment="{good move}"):
    """Movetext as files usually have it: `N...` after a comment or variation, and at the start
    of a game whose first move is the second player's."""
    out, need = [], True
    ply0 = 1 if first_second else 0
    for i, m in enumerate(moves):
        ply = ply0 + i
        no = 1 + ply // 2
        if ply % 2 == 0:
            out.append(f"{no}. {m}")
        elif need:
            out.append(f"{no}... {m}")
        else:
            out.append(m)
        need = False
        if i in glyphs:
            out[-1] += "!"
        if i in comments:
            out.append(comment)
            need = True
        if i in variations and alts[i]:
            pre = f"{no}. " if ply % 2 == 0 else f"{no}... "
            out.append(f"({pre}{alts[i]} {{alternative}})")
            need = True
    return " ".join(out)


def wrap(text, width=79):
    lines, cur = [], ""
    for tok in text.split(" "):
        if cur and len(cur) + 1 + len(tok) > width:
            lines.append(cur)
            cur = tok
        else:
            cur = f"{cur} {tok}" if cur else tok
    lines.append(cur)
    return "\n".join(lines)


def game(tags, text, result):
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags)
    return head + "\n" + wrap(f"{text} {result}".strip()) + "\n\n"


def main(folder):
    files = {}
    START_EN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    START_INT = ("W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
                 ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20")

    # English from the start: with and without GameType; the four results.
    g = []
    for seed, (gt, res) in enumerate([("21", "1-0"), (None, "0-1"), ("21,B,8,8,N1,0", "1/2-1/2"), ("21", "*")], 1):
        m, a, f = play("english", seed, 50)
        tags = [("Event", f"English from the start, result {res}")]
        tags += [("GameType", gt)] if gt else []
        g.append(game(tags + [("Result", res)], movetext(m, a), res))
    files["english-start.pdn"] = g

    m, a, f = play("english", 11, 60)
    files["english-comments.pdn"] = [game(
        [("Event", "English, comments after moves of both sides, a glyph"), ("GameType", "21"), ("Result", "*")],
        movetext(m, a, comments=(0, 3, 8, 21), glyphs=(2,)), "*")]

    m, a, f = play("english", 12, 60)
    files["english-variations.pdn"] = [game(
        [("Event", "English, variations after moves of both sides"), ("GameType", "21"), ("Result", "*")],
        movetext(m, a, variations=(4, 13, 30)), "*")]

    g = []
    m, a, f = play("english", 13, 60)
    k = 21  # White (the second player) to move
    assert f[k].startswith("W"), f[k]
    g.append(game([("Event", "English FEN, White (second player) to move"), ("GameType", "21"), ("Result", "*"),
                   ("FEN", f[k])], movetext(m[k:], a[k:], first_second=True), "*"))
    m, a, f, k = with_kings("english", "B", 14)
    g.append(game([("Event", "English FEN with kings, Black to move"), ("GameType", "21"), ("Result", "*"),
                   ("FEN", f[k])], movetext(m[k:k + 30], a[k:k + 30]), "*"))
    m, a, f, k = with_kings("english", "W", 14)
    g.append(game([("Event", "English FEN with kings, White to move"), ("GameType", "21"), ("Result", "*"),
                   ("FEN", f[k])], movetext(m[k:k + 30], a[k:k + 30], first_second=True), "*"))
    m, a, f = play("english", 15, 30)
    g.append(game([("Event", "English FEN of the start position"), ("GameType", "21"), ("Result", "*"),
                   ("FEN", START_EN)], movetext(m, a), "*"))
    files["english-fen.pdn"] = g

    m, a, f = play("english", 16, 30)
    files["english-fen-trailing-dot.pdn"] = [game(
        [("Event", "English FEN with a trailing dot"), ("GameType", "21"), ("Result", "*"), ("FEN", START_EN + ".")],
        movetext(m, a), "*")]

    g = []
    m, a, f = play("english", 17, 40)
    g.append(game([("Event", "A comment holding a result token"), ("GameType", "21"), ("Result", "*")],
                  movetext(m, a, comments=(5,), comment="{1-0 was agreed later}"), "*"))
    m, a, f = play("english", 18, 40)
    text = movetext(m[:5], a) + "\n; a } b\n" + movetext(m[5:], a[5:], first_second=True).replace("1... ", "3... ", 1)
    g.append('[Event "A line comment holding }"]\n[GameType "21"]\n[Result "*"]\n\n' + text + " *\n\n")
    files["english-odd-comments.pdn"] = g

    # International.
    g = []
    for seed, res in enumerate(["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2"], 21):
        m, a, f = play("standard", seed, 60)
        g.append(game([("Event", f"International from the start, result {res}"), ("GameType", "20"),
                       ("Result", res)], movetext(m, a), res))
    files["international-start.pdn"] = g

    m, a, f = play("standard", 31, 160)
    files["international-comments-variations.pdn"] = [game(
        [("Event", "International, comments and variations"), ("GameType", "20"), ("Result", "*")],
        movetext(m, a, comments=(3, 8, 60), variations=(5, 40), glyphs=(10,)), "*")]

    g = []
    m, a, f, k = with_kings("standard", "B", 32)
    g.append(game([("Event", "International FEN with kings, Black to move"), ("GameType", "20"), ("Result", "*"),
                   ("FEN", f[k])], movetext(m[k:k + 40], a[k:k + 40], first_second=True), "*"))
    m, a, f, k = with_kings("standard", "W", 32)
    g.append(game([("Event", "International FEN with kings, White to move"), ("GameType", "20"), ("Result", "*"),
                   ("FEN", f[k])], movetext(m[k:k + 40], a[k:k + 40]), "*"))
    files["international-fen.pdn"] = g

    m, a, f = play("standard", 33, 40)
    files["international-fen-trailing-dot.pdn"] = [game(
        [("Event", "International FEN with a trailing dot"), ("GameType", "20"), ("Result", "*"),
         ("FEN", START_INT + ".")], movetext(m, a), "*")]

    for name, games in files.items():
        Path(folder, name).write_text("".join(games), encoding="utf-8")
        print(name, len(games), "games")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent)

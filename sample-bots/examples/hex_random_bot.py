#!/usr/bin/env python3
"""hex_random_bot.py: a HexCaissa bot that plays a uniformly random legal move.

A starter kit for the hexagonal variant (HEXCAISSA.md). It keeps the position, generates every
legal move as HEXCAISSA.md sections 1-6 say and speaks the referee protocol (section 8; the
referee sets CAISSA_VARIANT=hexcaissa). To write your own bot, copy this file and replace
choose_move(); the rest is the part everybody needs.

Run:        CAISSA_VARIANT=hexcaissa python3 hex_random_bot.py [seed]
Debugging:  CAISSA_EXAMPLE_LIST_MOVES=1 makes the bot print, before each of its moves, the
            position (CFN) and its legal moves to stderr, in the same format as
            `caissa moves --variant hexcaissa --position CFN`, so the two can be compared.
"""
import os
import random
import sys

# Cells are axial coordinates (q, r) (HEXCAISSA.md 1): q from -4 (file a) to +4 (file i); a step
# of +1 in r goes straight up, +1 in q up and to the right. The 61 cells are those with
# max(|q|, |r|, |q + r|) <= 4. A move is a pair (from, to) of cells.
CELLS = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if max(abs(q), abs(r), abs(q + r)) <= 4]
ON_BOARD = set(CELLS)
FILE_LENGTHS = [5, 6, 7, 8, 9, 8, 7, 6, 5]

# The six orthogonal directions, each next to the one before: N, NE, SE, S, SW, NW. A diagonal
# is the sum of two neighbouring orthogonals (NNE = N + NE, ...); a knight jump is an orthogonal
# step followed by a diagonal step 30 degrees to either side of it.
ROOK_DIRECTIONS = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)]
BISHOP_DIRECTIONS = [(a[0] + b[0], a[1] + b[1]) for a, b in zip(ROOK_DIRECTIONS, ROOK_DIRECTIONS[1:] + ROOK_DIRECTIONS[:1])]
DIRECTIONS = ROOK_DIRECTIONS + BISHOP_DIRECTIONS   # the queen's lines, and a cell's 12 neighbours
KNIGHT_JUMPS = [(o[0] + d[0], o[1] + d[1]) for i, o in enumerate(ROOK_DIRECTIONS)
                for d in (BISHOP_DIRECTIONS[i - 1], BISHOP_DIRECTIONS[i])]

# Pieces are letters: 'Q' 'R' 'B' 'N' White, 'q' 'r' 'b' 'n' Black; None for no piece.
INITIAL_PIECES = {"c1": "R", "c2": "Q", "d3": "N", "e3": "B",
                  "g7": "r", "g6": "q", "f6": "n", "e7": "b"}


def parse_cell(text):
    """'c2' -> its (q, r), or None if the text names no cell (like 'a6')."""
    if len(text) != 2 or text[0] not in "abcdefghi" or text[1] not in "123456789":
        return None
    q = ord(text[0]) - ord("a") - 4
    r = int(text[1]) - 5 - min(q, 0)          # rank = r + 5 + min(q, 0)
    return (q, r) if (q, r) in ON_BOARD else None


def cell_text(cell):
    q, r = cell
    return "abcdefghi"[q + 4] + str(r + 5 + min(q, 0))


def move_text(move):
    return cell_text(move[0]) + "-" + cell_text(move[1])


def parse_move(text):
    """'e4-f6' -> (from, to), or None if the text is not two cells joined by '-'."""
    parts = text.split("-")
    if len(parts) != 2:
        return None
    start, end = parse_cell(parts[0]), parse_cell(parts[1])
    return None if start is None or end is None else (start, end)


def step(cell, direction, n=1):
    return (cell[0] + n * direction[0], cell[1] + n * direction[1])


def cells_from(cell, steps):
    """The cells one step away in each of the given steps, if on the board."""
    return [c for c in (step(cell, s) for s in steps) if c in ON_BOARD]


def ray(cell, direction):
    """The cells of a line from cell (excluded) to the edge of the board. A diagonal line passes
    between two side cells, which are not on it: whatever they hold never matters."""
    c = step(cell, direction)
    while c in ON_BOARD:
        yield c
        c = step(c, direction)


def is_white(piece):
    return piece.isupper()


class Position:
    def __init__(self):
        """The initial position (HEXCAISSA.md 1): all 61 tiles, White to move."""
        self.tiles = {c: True for c in CELLS}      # False: a hole
        self.pieces = {c: None for c in CELLS}
        for name, piece in INITIAL_PIECES.items():
            self.pieces[parse_cell(name)] = piece
        self.white_to_move = True
        self.last_move = None                       # the previous move, for the ko rule
        self.plies = 0

    def copy(self):
        other = Position.__new__(Position)
        other.tiles = dict(self.tiles)
        other.pieces = dict(self.pieces)
        other.white_to_move = self.white_to_move
        other.last_move = self.last_move
        other.plies = self.plies
        return other

    def play(self, move):
        """Makes a move without checking it: legal_moves() decides what is legal."""
        start, end = move
        mover, target = self.pieces[start], self.pieces[end]
        if mover.upper() == "Q":
            self.tiles[start] = False              # Atlantis: her tile sinks; a piece on the target is captured
            self.pieces[end], self.pieces[start] = mover, None
        else:
            if target is None and not self.tiles[end]:
                self.tiles[end], self.tiles[start] = True, False   # into a hole: the tile comes along
            self.pieces[end], self.pieces[start] = mover, target   # an exchange, or a plain move
        self.white_to_move = not self.white_to_move
        self.last_move = move
        self.plies += 1

    def queen(self, white):
        wanted = "Q" if white else "q"
        return next(c for c, p in self.pieces.items() if p == wanted)

    def reaches(self, start, end, directions):
        """Whether a slider on start reaches end along one of the directions (pieces block, holes do not)."""
        for direction in directions:
            for c in ray(start, direction):
                if c == end:
                    return True
                if self.pieces[c] is not None:
                    break
        return False

    def in_check(self, white):
        """HEXCAISSA.md 6: an enemy R, B or N could move onto the queen's cell."""
        q = self.queen(white)
        for cell, piece in self.pieces.items():
            if piece is None or is_white(piece) == white:
                continue
            kind = piece.upper()
            if ((kind == "N" and (q[0] - cell[0], q[1] - cell[1]) in KNIGHT_JUMPS)
                    or (kind == "R" and self.reaches(cell, q, ROOK_DIRECTIONS))
                    or (kind == "B" and self.reaches(cell, q, BISHOP_DIRECTIONS))):
                return True
        return False

    def queens_see_each_other(self):
        """HEXCAISSA.md 5: along any of the 12 lines, with no piece between."""
        return self.reaches(self.queen(True), self.queen(False), DIRECTIONS)

    def tiles_connected(self):
        """HEXCAISSA.md 2: one group of tiles, neighbours being the 12 cells one step away."""
        tiles = [c for c in CELLS if self.tiles[c]]
        seen = {tiles[0]}
        stack = [tiles[0]]
        while stack:
            for n in cells_from(stack.pop(), DIRECTIONS):
                if self.tiles[n] and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return len(seen) == len(tiles)

    def is_enemy_minor(self, piece, white):
        return piece is not None and is_white(piece) != white and piece.upper() != "Q"

    def legal_moves(self):
        """All legal moves of the side to move."""
        white = self.white_to_move
        targets = []
        for start, piece in self.pieces.items():
            if piece is None or is_white(piece) != white:
                continue
            kind = piece.upper()
            if kind == "N":
                targets += [(start, end) for end in cells_from(start, KNIGHT_JUMPS)
                            if self.pieces[end] not in ("Q", "q")]
            elif kind == "Q" and self.in_check(white):
                # In check: one step to any of the 12 neighbours holding a tile, empty or with an
                # enemy R, B or N to capture.
                targets += [(start, end) for end in cells_from(start, DIRECTIONS) if self.tiles[end]
                            and (self.pieces[end] is None or self.is_enemy_minor(self.pieces[end], white))]
            else:
                directions = {"Q": DIRECTIONS, "R": ROOK_DIRECTIONS, "B": BISHOP_DIRECTIONS}[kind]
                for direction in directions:
                    for end in ray(start, direction):
                        target = self.pieces[end]
                        if target is not None:
                            if (self.is_enemy_minor(target, white) if kind == "Q"
                                    else target not in ("Q", "q")):
                                targets.append((start, end))
                            break
                        if kind != "Q" or self.tiles[end]:
                            targets.append((start, end))
        moves = []
        for move in targets:
            if move == self.last_move:   # ko rule
                continue
            after = self.copy()
            after.play(move)
            if after.tiles_connected() and not after.queens_see_each_other() and not after.in_check(white):
                moves.append(move)
        return moves

    def cfn(self):
        """The position in CFN (HEXCAISSA.md 7): files a to i, each from rank 1 upwards."""
        files = []
        for f, length in enumerate(FILE_LENGTHS):
            cells = [parse_cell("abcdefghi"[f] + str(rank)) for rank in range(1, length + 1)]
            files.append("".join(self.pieces[c] or ("." if self.tiles[c] else "-") for c in cells))
        last = move_text(self.last_move) if self.last_move else "-"
        return "/".join(files) + " " + ("w" if self.white_to_move else "b") + " " + last + " " + str(self.plies)


def choose_move(position, moves, rng):
    """THE PLACE TO MAKE YOUR BOT SMARTER: pick one of the legal moves (there is at least one)."""
    return rng.choice(moves)


def play_text_move(position, text):
    move = parse_move(text)
    if move is None or move not in position.legal_moves():
        print(f"hex_random_bot: '{text}' is not a legal move here", file=sys.stderr)
        return False
    position.play(move)
    return True


def main():
    if os.environ.get("CAISSA_VARIANT", "caissa") != "hexcaissa":
        print("hex_random_bot: this bot plays HexCaissa only (CAISSA_VARIANT=hexcaissa)", file=sys.stderr)
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    debug_moves = os.environ.get("CAISSA_EXAMPLE_LIST_MOVES") == "1"

    position = Position()
    for raw in sys.stdin:
        line = raw.strip().lower()
        if not line:
            continue
        if line == "end":
            break
        words = line.split()
        if words[0] == "opening":
            for text in words[1:]:
                if not play_text_move(position, text):
                    sys.exit(1)
            continue
        if line != "start" and not play_text_move(position, line):
            sys.exit(1)

        moves = position.legal_moves()
        if debug_moves:
            texts = sorted(move_text(m) for m in moves)
            print("position: " + position.cfn(), file=sys.stderr)
            print(f"{len(texts)} legal moves: " + " ".join(texts), file=sys.stderr, flush=True)
        if not moves:
            print("hex_random_bot: no legal move", file=sys.stderr)
            sys.exit(1)
        move = choose_move(position, moves, rng)
        print(move_text(move), flush=True)
        position.play(move)


if __name__ == "__main__":
    main()

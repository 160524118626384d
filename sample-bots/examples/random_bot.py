#!/usr/bin/env python3
"""random_bot.py: a Caissa (CodeCup 2003) bot that plays a uniformly random legal move.

A starter kit. It keeps the position, generates every legal move exactly as the rules
(RULES.md, sections 1-6) say and speaks the referee protocol (section 8). To write your own
bot, copy this file and replace choose_move(); the rest is the part everybody needs.

Run:        python3 random_bot.py [seed]
Debugging:  CAISSA_EXAMPLE_LIST_MOVES=1 makes the bot print, before each of its moves, the
            position (CFN) and its legal moves to stderr, in the same format as
            `caissa moves --position CFN`, so the two can be compared.
"""
import os
import random
import sys

# Squares are numbered 0..48 as rank * 7 + file, with file 0..6 for a..g and rank 0..6 for
# 1..7: a1 = 0, g1 = 6, a2 = 7, g7 = 48. A move is a pair (from, to) of square numbers.
SIZE = 7
SQUARES = SIZE * SIZE

# Directions as (file step, rank step): the first four are the rook's, the last four the
# bishop's, all eight the queen's (and the eight neighbours of a square).
DIRECTIONS = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)]
ROOK_DIRECTIONS = DIRECTIONS[:4]
BISHOP_DIRECTIONS = DIRECTIONS[4:]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

# Pieces are letters: 'Q' 'R' 'B' 'N' White, 'q' 'r' 'b' 'n' Black; None for no piece.
INITIAL_PIECES = {"c2": "Q", "c3": "R", "d2": "B", "b2": "N",
                  "e6": "q", "e5": "r", "d6": "b", "f6": "n"}


def parse_square(text):
    """'c2' -> its number, or None if the text is not a square."""
    if len(text) != 2 or text[0] not in "abcdefg" or text[1] not in "1234567":
        return None
    return (ord(text[1]) - ord("1")) * SIZE + ord(text[0]) - ord("a")


def square_text(square):
    return "abcdefg"[square % SIZE] + str(square // SIZE + 1)


def move_text(move):
    return square_text(move[0]) + "-" + square_text(move[1])


def parse_move(text):
    """'b2-c4' -> (from, to), or None if the text does not have that shape."""
    parts = text.split("-")
    if len(parts) != 2:
        return None
    start, end = parse_square(parts[0]), parse_square(parts[1])
    return None if start is None or end is None else (start, end)


def squares_from(square, steps):
    """The squares one step away in each of the given (file, rank) steps, if on the board."""
    f, r = square % SIZE, square // SIZE
    return [(r + dr) * SIZE + f + df for df, dr in steps if 0 <= f + df < SIZE and 0 <= r + dr < SIZE]


def ray(square, direction):
    """The squares from square (excluded) to the edge of the board in one direction."""
    f, r = square % SIZE, square // SIZE
    df, dr = direction
    f, r = f + df, r + dr
    while 0 <= f < SIZE and 0 <= r < SIZE:
        yield r * SIZE + f
        f, r = f + df, r + dr


def is_white(piece):
    return piece.isupper()


class Position:
    def __init__(self):
        """The initial position (RULES.md 1): all 49 tiles, White to move."""
        self.tiles = [True] * SQUARES    # False: a hole
        self.pieces = [None] * SQUARES
        for square, piece in INITIAL_PIECES.items():
            self.pieces[parse_square(square)] = piece
        self.white_to_move = True
        self.last_move = None            # the previous move, for the ko rule
        self.plies = 0                   # moves played (the game is drawn after 200)

    def copy(self):
        other = Position.__new__(Position)
        other.tiles = self.tiles[:]
        other.pieces = self.pieces[:]
        other.white_to_move = self.white_to_move
        other.last_move = self.last_move
        other.plies = self.plies
        return other

    def play(self, move):
        """Makes a move without checking it: legal_moves() decides what is legal."""
        start, end = move
        mover, target = self.pieces[start], self.pieces[end]
        if mover.upper() == "Q":
            # Atlantis effect (4): the tile the queen leaves sinks. An enemy piece on the
            # target is captured simply by being overwritten.
            self.tiles[start] = False
            self.pieces[end], self.pieces[start] = mover, None
        else:
            if target is None and not self.tiles[end]:
                # Into a hole: the piece takes its tile along (3).
                self.tiles[end], self.tiles[start] = True, False
            # Onto an R, B or N of either colour this is an exchange, not a capture (3);
            # onto an empty square the swap moves the piece and leaves None behind.
            self.pieces[end], self.pieces[start] = mover, target
        self.white_to_move = not self.white_to_move
        self.last_move = move
        self.plies += 1

    def queen(self, white):
        return self.pieces.index("Q" if white else "q")

    def clear_line(self, a, b, orthogonal, diagonal):
        """Whether a and b share a line of an allowed kind with no piece strictly between.
        Holes never block: pieces slide over them and queens see across them."""
        df, dr = b % SIZE - a % SIZE, b // SIZE - a // SIZE
        if a == b:
            return False
        along_orthogonal, along_diagonal = df == 0 or dr == 0, abs(df) == abs(dr)
        if not (orthogonal and along_orthogonal) and not (diagonal and along_diagonal):
            return False
        # One step towards b as a change of square number: a rank is SIZE squares.
        step = ((dr > 0) - (dr < 0)) * SIZE + (df > 0) - (df < 0)
        for square in range(a + step, b, step):
            if self.pieces[square] is not None:
                return False
        return True

    def in_check(self, white):
        """RULES.md 6: a queen is in check when an enemy R, B or N could move onto her
        square (even if that move would be illegal for its own side)."""
        q = self.queen(white)
        for square, piece in enumerate(self.pieces):
            if piece is None or is_white(piece) == white:
                continue
            kind = piece.upper()
            df, dr = abs(square % SIZE - q % SIZE), abs(square // SIZE - q // SIZE)
            if ((kind == "N" and df * dr == 2)     # a knight's jump is 1 by 2 or 2 by 1
                    or (kind == "R" and self.clear_line(square, q, True, False))
                    or (kind == "B" and self.clear_line(square, q, False, True))):
                return True
        return False

    def queens_see_each_other(self):
        """RULES.md 5: the queens may never see each other."""
        return self.clear_line(self.queen(True), self.queen(False), True, True)

    def tiles_connected(self):
        """RULES.md 2: all tiles form one group, neighbours counted orthogonally and
        diagonally. A flood fill from one tile must reach all of them."""
        first = self.tiles.index(True)
        seen = {first}
        stack = [first]
        while stack:
            for n in squares_from(stack.pop(), DIRECTIONS):
                if self.tiles[n] and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return len(seen) == self.tiles.count(True)

    def is_enemy_minor(self, piece, white):
        return piece is not None and is_white(piece) != white and piece.upper() != "Q"

    def legal_moves(self):
        """All legal moves of the side to move."""
        white = self.white_to_move
        targets = []   # (from, to) pairs the pieces can reach, before the checks of RULES.md 6
        for start, piece in enumerate(self.pieces):
            if piece is None or is_white(piece) != white:
                continue
            kind = piece.upper()
            if kind == "N":
                # Any jump except onto a queen: exchanges with R, B, N of both colours are fine.
                targets += [(start, end) for end in squares_from(start, KNIGHT_JUMPS)
                            if self.pieces[end] not in ("Q", "q")]
            elif kind == "Q" and self.in_check(white):
                # In check the queen may only step to a neighbouring tile, empty or holding an
                # enemy R, B or N (RULES.md 4).
                targets += [(start, end) for end in squares_from(start, DIRECTIONS) if self.tiles[end]
                            and (self.pieces[end] is None or self.is_enemy_minor(self.pieces[end], white))]
            else:
                directions = {"Q": DIRECTIONS, "R": ROOK_DIRECTIONS, "B": BISHOP_DIRECTIONS}[kind]
                for direction in directions:
                    # Sliders walk each ray over holes and empty tiles until the first piece.
                    for end in ray(start, direction):
                        target = self.pieces[end]
                        if target is not None:
                            # The queen captures an enemy R, B, N; R and B exchange with any R, B, N.
                            if (self.is_enemy_minor(target, white) if kind == "Q"
                                    else target not in ("Q", "q")):
                                targets.append((start, end))
                            break
                        # The queen lands on tiles only; R and B also move into holes.
                        if kind != "Q" or self.tiles[end]:
                            targets.append((start, end))

        # Keep the moves that the ko rule allows and whose result is legal: tiles connected,
        # queens not in sight, mover not in check. Trying each move on a copy and looking at
        # the result is the simplest way to get all of that right.
        moves = []
        for move in targets:
            if move == self.last_move:   # ko rule (3)
                continue
            after = self.copy()
            after.play(move)
            if after.tiles_connected() and not after.queens_see_each_other() and not after.in_check(white):
                moves.append(move)
        return moves

    def cfn(self):
        """The position in CFN (RULES.md 7), as `caissa moves` prints it."""
        ranks = []
        for r in range(SIZE - 1, -1, -1):
            squares = range(r * SIZE, r * SIZE + SIZE)
            ranks.append("".join(self.pieces[s] or ("." if self.tiles[s] else "-") for s in squares))
        last = move_text(self.last_move) if self.last_move else "-"
        return "/".join(ranks) + " " + ("w" if self.white_to_move else "b") + " " + last + " " + str(self.plies)


def choose_move(position, moves, rng):
    """THE PLACE TO MAKE YOUR BOT SMARTER: pick one of the legal moves (there is at least one)."""
    return rng.choice(moves)


def play_text_move(position, text):
    """Plays a move given as text if it is legal here; says why not on stderr."""
    move = parse_move(text)
    if move is None or move not in position.legal_moves():
        print(f"random_bot: '{text}' is not a legal move here", file=sys.stderr)
        return False
    position.play(move)
    return True


def main():
    # A seed on the command line replays the same game against the same opponent; without
    # one, Python seeds from the operating system's randomness (or the time).
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    debug_moves = os.environ.get("CAISSA_EXAMPLE_LIST_MOVES") == "1"

    position = Position()
    for raw in sys.stdin:
        line = raw.strip().lower()    # strip() also removes the \r of a CRLF line end
        if not line:
            continue
        if line == "end":
            break
        words = line.split()
        if words[0] == "opening":
            # Arena extension: moves played from the initial position before the game proper.
            for text in words[1:]:
                if not play_text_move(position, text):
                    sys.exit(1)
            continue
        # "start" means it is our turn at once; anything else is the opponent's move. Either
        # way we then move for the side to move, so we never need to remember our colour.
        if line != "start" and not play_text_move(position, line):
            sys.exit(1)

        moves = position.legal_moves()
        if debug_moves:
            texts = sorted(move_text(m) for m in moves)
            print("position: " + position.cfn(), file=sys.stderr)
            print(f"{len(texts)} legal moves: " + " ".join(texts), file=sys.stderr, flush=True)
        if not moves:   # the referee never asks then; if it happens our rules are wrong
            print("random_bot: no legal move", file=sys.stderr)
            sys.exit(1)
        move = choose_move(position, moves, rng)
        print(move_text(move), flush=True)   # flush: the referee is waiting for this line
        position.play(move)


if __name__ == "__main__":
    main()

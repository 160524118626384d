/*
 * random_bot.c: a Caissa (CodeCup 2003) bot that plays a uniformly random legal move.
 *
 * A starter kit. It keeps the position, generates every legal move exactly as the rules
 * (RULES.md, sections 1-6) say and speaks the referee protocol (section 8). To write your own
 * bot, copy this file and replace choose_move(); the rest is the part everybody needs.
 *
 * Build and run:   gcc -O2 -Wall -Wextra -o random_bot random_bot.c && ./random_bot [seed]
 * Debugging:       CAISSA_EXAMPLE_LIST_MOVES=1 makes the bot print, before each of its moves,
 *                  the position (CFN) and its legal moves to stderr, in the same format as
 *                  `caissa moves --position CFN`, so the two can be compared.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Squares are numbered 0..48 as rank * 7 + file, with file 0..6 for a..g and rank 0..6 for
 * 1..7: a1 = 0, g1 = 6, a2 = 7, g7 = 48. */
#define SIZE 7
#define SQUARES 49
#define NONE (-1)
/* More than any position can have: queen 24 + rook 12 + bishop 12 + knight 8. */
#define MAX_MOVES 64

typedef struct {
    bool tile[SQUARES];     /* false: a hole */
    char piece[SQUARES];    /* '.' none, 'Q' 'R' 'B' 'N' White, 'q' 'r' 'b' 'n' Black */
    bool white_to_move;
    int last_from, last_to; /* the previous move, for the ko rule; NONE before the first */
    int plies;              /* moves played so far (the game is drawn after 200) */
} Position;

typedef struct {
    int from, to;
} Move;

/* Directions as (file step, rank step): the first four are the rook's, the last four the
 * bishop's, all eight the queen's (and the eight neighbours of a square). */
static const int DIR_FILE[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int DIR_RANK[8] = {1, 0, -1, 0, 1, -1, -1, 1};
static const int JUMP_FILE[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int JUMP_RANK[8] = {2, 1, -1, -2, -2, -1, 1, 2};

static int file_of(int sq) { return sq % SIZE; }
static int rank_of(int sq) { return sq / SIZE; }
static bool on_board(int file, int rank) { return file >= 0 && file < SIZE && rank >= 0 && rank < SIZE; }
/* Only meaningful for a piece, not for '.'. */
static bool is_white(char piece) { return isupper((unsigned char)piece); }
/* 'Q', 'R', 'B' or 'N' whatever the colour ('.' stays '.'). */
static char kind(char piece) { return (char)toupper((unsigned char)piece); }

/* "c2" -> its index, or NONE if the text is not a square. */
static int parse_square(const char *s) {
    if (s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7') return NONE;
    return (s[1] - '1') * SIZE + (s[0] - 'a');
}

/* Writes a move as "c2-c4" into text (6 bytes including the terminating zero). */
static void move_text(Move m, char text[6]) {
    text[0] = (char)('a' + file_of(m.from));
    text[1] = (char)('1' + rank_of(m.from));
    text[2] = '-';
    text[3] = (char)('a' + file_of(m.to));
    text[4] = (char)('1' + rank_of(m.to));
    text[5] = '\0';
}

static void setup_initial(Position *p) {
    static const char *const start[8] = {"Qc2", "Rc3", "Bd2", "Nb2", "qe6", "re5", "bd6", "nf6"};
    for (int sq = 0; sq < SQUARES; sq++) {
        p->tile[sq] = true;
        p->piece[sq] = '.';
    }
    for (int i = 0; i < 8; i++) p->piece[parse_square(start[i] + 1)] = start[i][0];
    p->white_to_move = true;
    p->last_from = p->last_to = NONE;
    p->plies = 0;
}

/* Whether a and b share a line of an allowed kind with no piece strictly between them.
 * Holes never block: pieces slide over them and queens see across them. */
static bool clear_line(const Position *p, int a, int b, bool orthogonal, bool diagonal) {
    int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
    if (a == b) return false;
    bool along_orthogonal = df == 0 || dr == 0;
    bool along_diagonal = abs(df) == abs(dr);
    if (!(orthogonal && along_orthogonal) && !(diagonal && along_diagonal)) return false;
    int step_f = (df > 0) - (df < 0), step_r = (dr > 0) - (dr < 0);
    for (int f = file_of(a) + step_f, r = rank_of(a) + step_r; f != file_of(b) || r != rank_of(b);
         f += step_f, r += step_r) {
        if (p->piece[r * SIZE + f] != '.') return false;
    }
    return true;
}

static int find_queen(const Position *p, bool white) {
    for (int sq = 0; sq < SQUARES; sq++)
        if (p->piece[sq] == (white ? 'Q' : 'q')) return sq;
    return NONE; /* never: queens are never captured */
}

/* Section 6: a queen is in check when an enemy R, B or N could move onto her square
 * (even if that move would be illegal for its own side). */
static bool in_check(const Position *p, bool white) {
    int q = find_queen(p, white);
    for (int sq = 0; sq < SQUARES; sq++) {
        char c = p->piece[sq];
        if (c == '.' || is_white(c) == white) continue;
        int df = abs(file_of(sq) - file_of(q)), dr = abs(rank_of(sq) - rank_of(q));
        if ((kind(c) == 'N' && df * dr == 2) ||  /* a knight's jump is 1 by 2 or 2 by 1 */
            (kind(c) == 'R' && clear_line(p, sq, q, true, false)) ||
            (kind(c) == 'B' && clear_line(p, sq, q, false, true)))
            return true;
    }
    return false;
}

/* Section 5: the queens may never see each other (pieces block the sight, holes do not). */
static bool queens_see_each_other(const Position *p) {
    return clear_line(p, find_queen(p, true), find_queen(p, false), true, true);
}

/* Section 2: all tiles form one group, neighbours counted orthogonally and diagonally.
 * A flood fill from one tile must reach all of them. */
static bool tiles_connected(const Position *p) {
    int stack[SQUARES], top = 0, tiles = 0, reached = 0;
    bool seen[SQUARES] = {false};
    for (int sq = 0; sq < SQUARES; sq++) {
        if (!p->tile[sq]) continue;
        tiles++;
        if (top == 0) { /* the first tile found starts the fill */
            seen[sq] = true;
            stack[top++] = sq;
        }
    }
    while (top > 0) {
        int sq = stack[--top];
        reached++;
        for (int d = 0; d < 8; d++) {
            int f = file_of(sq) + DIR_FILE[d], r = rank_of(sq) + DIR_RANK[d];
            int n = r * SIZE + f;
            if (on_board(f, r) && p->tile[n] && !seen[n]) {
                seen[n] = true;
                stack[top++] = n;
            }
        }
    }
    return reached == tiles;
}

/* Makes a move on the board without checking it: generate_moves() decides what is legal. */
static void play_move(Position *p, Move m) {
    char mover = p->piece[m.from], target = p->piece[m.to];
    if (kind(mover) == 'Q') {
        /* Atlantis effect (4): the tile the queen leaves sinks. An enemy piece on the target
         * is captured simply by being overwritten. */
        p->piece[m.to] = mover;
        p->piece[m.from] = '.';
        p->tile[m.from] = false;
    } else if (target != '.') {
        /* R, B or N onto an R, B or N of either colour: an exchange, not a capture (3). */
        p->piece[m.to] = mover;
        p->piece[m.from] = target;
    } else {
        if (!p->tile[m.to]) { /* into a hole: the piece takes its tile along (3) */
            p->tile[m.to] = true;
            p->tile[m.from] = false;
        }
        p->piece[m.to] = mover;
        p->piece[m.from] = '.';
    }
    p->white_to_move = !p->white_to_move;
    p->last_from = m.from;
    p->last_to = m.to;
    p->plies++;
}

/* Adds from-to to the list if the ko rule allows it and the position after it is legal:
 * tiles connected, queens not in sight, mover not in check (section 6). Trying the move on a
 * copy and looking at the result is the simplest way to get all of that right. */
static void try_move(const Position *p, int from, int to, Move *list, int *n) {
    if (from == p->last_from && to == p->last_to) return; /* ko rule (3) */
    Position next = *p;
    Move m = {from, to};
    play_move(&next, m);
    if (tiles_connected(&next) && !queens_see_each_other(&next) && !in_check(&next, p->white_to_move))
        list[(*n)++] = m;
}

/* All legal moves of the side to move; returns how many were written to list. */
static int generate_moves(const Position *p, Move *list) {
    int n = 0;
    bool white = p->white_to_move;
    bool check = in_check(p, white);
    for (int from = 0; from < SQUARES; from++) {
        char c = p->piece[from];
        if (c == '.' || is_white(c) != white) continue;
        int f0 = file_of(from), r0 = rank_of(from);
        if (kind(c) == 'N') {
            /* Any jump except onto a queen: exchanges with R, B, N of both colours are fine. */
            for (int j = 0; j < 8; j++) {
                int f = f0 + JUMP_FILE[j], r = r0 + JUMP_RANK[j];
                if (on_board(f, r) && kind(p->piece[r * SIZE + f]) != 'Q') try_move(p, from, r * SIZE + f, list, &n);
            }
        } else if (kind(c) == 'Q' && check) {
            /* In check the queen may only step to a neighbouring tile, empty or holding an
             * enemy R, B or N (4). */
            for (int d = 0; d < 8; d++) {
                int f = f0 + DIR_FILE[d], r = r0 + DIR_RANK[d], to = r * SIZE + f;
                if (!on_board(f, r) || !p->tile[to]) continue;
                char t = p->piece[to];
                if (t == '.' || (is_white(t) != white && kind(t) != 'Q')) try_move(p, from, to, list, &n);
            }
        } else {
            /* Sliders walk each ray over holes and empty tiles until the first piece. */
            int first = kind(c) == 'B' ? 4 : 0, last = kind(c) == 'R' ? 4 : 8;
            for (int d = first; d < last; d++) {
                for (int f = f0 + DIR_FILE[d], r = r0 + DIR_RANK[d]; on_board(f, r); f += DIR_FILE[d], r += DIR_RANK[d]) {
                    int to = r * SIZE + f;
                    char t = p->piece[to];
                    if (t != '.') {
                        /* The queen captures an enemy R, B, N; R and B exchange with any R, B, N. */
                        bool allowed = kind(c) == 'Q' ? is_white(t) != white && kind(t) != 'Q' : kind(t) != 'Q';
                        if (allowed) try_move(p, from, to, list, &n);
                        break;
                    }
                    /* The queen lands on tiles only; R and B also move into holes. */
                    if (kind(c) != 'Q' || p->tile[to]) try_move(p, from, to, list, &n);
                }
            }
        }
    }
    return n;
}

/* THE PLACE TO MAKE YOUR BOT SMARTER: pick one of the n legal moves (n >= 1). */
static Move choose_move(const Position *p, const Move *moves, int n) {
    (void)p; /* a random bot does not look at the position */
    return moves[rand() % n];
}

/* Plays a move given as text ("b2-c4") if it is legal here; says why not on stderr. */
static bool play_text_move(Position *p, const char *text) {
    int from = parse_square(text), to = NONE;
    if (from != NONE && text[2] == '-') to = parse_square(text + 3);
    if (to != NONE && text[5] == '\0') {
        Move list[MAX_MOVES];
        int n = generate_moves(p, list);
        for (int i = 0; i < n; i++) {
            if (list[i].from == from && list[i].to == to) {
                play_move(p, list[i]);
                return true;
            }
        }
    }
    fprintf(stderr, "random_bot: '%s' is not a legal move here\n", text);
    return false;
}

static void write_cfn(const Position *p, FILE *out) {
    for (int r = SIZE - 1; r >= 0; r--) {
        for (int f = 0; f < SIZE; f++) {
            char c = p->piece[r * SIZE + f];
            fputc(c != '.' ? c : p->tile[r * SIZE + f] ? '.' : '-', out);
        }
        fputc(r > 0 ? '/' : ' ', out);
    }
    char last[6] = "-";
    if (p->last_from != NONE) move_text((Move){p->last_from, p->last_to}, last);
    fprintf(out, "%c %s %d\n", p->white_to_move ? 'w' : 'b', last, p->plies);
}

static int compare_text(const void *a, const void *b) { return strcmp(a, b); }

/* The debug output of CAISSA_EXAMPLE_LIST_MOVES=1, in the format of `caissa moves`. */
static void list_moves(const Position *p, const Move *moves, int n) {
    char text[MAX_MOVES][6];
    for (int i = 0; i < n; i++) move_text(moves[i], text[i]);
    qsort(text, (size_t)n, sizeof text[0], compare_text);
    fputs("position: ", stderr);
    write_cfn(p, stderr);
    fprintf(stderr, "%d legal moves:", n);
    for (int i = 0; i < n; i++) fprintf(stderr, " %s", text[i]);
    fputc('\n', stderr);
}

/* Removes surrounding white space (CRLF included) and lower-cases the line in place. */
static char *clean(char *s) {
    while (isspace((unsigned char)*s)) s++;
    size_t len = strlen(s);
    while (len > 0 && isspace((unsigned char)s[len - 1])) s[--len] = '\0';
    for (char *c = s; *c; c++) *c = (char)tolower((unsigned char)*c);
    return s;
}

int main(int argc, char **argv) {
    /* A seed on the command line replays the same game against the same opponent. */
    unsigned seed;
    if (argc > 1) {
        seed = (unsigned)strtoul(argv[1], NULL, 10);
    } else {
        struct timespec now;
        timespec_get(&now, TIME_UTC);
        seed = (unsigned)now.tv_sec ^ (unsigned)now.tv_nsec;
    }
    srand(seed);
    const char *debug = getenv("CAISSA_EXAMPLE_LIST_MOVES");
    bool debug_moves = debug != NULL && strcmp(debug, "1") == 0;

    Position pos;
    setup_initial(&pos);
    char buffer[4096]; /* a line of the protocol is short: even a 40-ply opening is under 250 */
    while (fgets(buffer, sizeof buffer, stdin) != NULL) {
        char *line = clean(buffer);
        if (line[0] == '\0') continue;
        if (strcmp(line, "end") == 0) break;
        if (strncmp(line, "opening", 7) == 0 && (line[7] == '\0' || isspace((unsigned char)line[7]))) {
            /* Arena extension: moves played from the initial position before the game proper. */
            for (char *m = strtok(line + 7, " \t"); m != NULL; m = strtok(NULL, " \t"))
                if (!play_text_move(&pos, m)) return 1;
            continue;
        }
        /* "start" means it is our turn at once; anything else is the opponent's move. Either
         * way we then move for the side to move, so we never need to remember our colour. */
        if (strcmp(line, "start") != 0 && !play_text_move(&pos, line)) return 1;

        Move moves[MAX_MOVES];
        int n = generate_moves(&pos, moves);
        if (debug_moves) list_moves(&pos, moves, n);
        if (n == 0) { /* the referee never asks then; if it happens our rules are wrong */
            fputs("random_bot: no legal move\n", stderr);
            return 1;
        }
        Move m = choose_move(&pos, moves, n);
        char text[6];
        move_text(m, text);
        printf("%s\n", text);
        fflush(stdout); /* the referee waits for this line: never leave it in a buffer */
        play_move(&pos, m);
    }
    return 0;
}

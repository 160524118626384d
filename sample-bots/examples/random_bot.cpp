// random_bot.cpp: a Caissa (CodeCup 2003) bot that plays a uniformly random legal move.
//
// A starter kit. It keeps the position, generates every legal move exactly as the rules
// (RULES.md, sections 1-6) say and speaks the referee protocol (section 8). To write your own
// bot, copy this file and replace choose_move(); the rest is the part everybody needs.
//
// Build and run:  g++ -O2 -Wall -Wextra -std=c++17 -o random_bot random_bot.cpp && ./random_bot [seed]
// Debugging:      CAISSA_EXAMPLE_LIST_MOVES=1 makes the bot print, before each of its moves, the
//                 position (CFN) and its legal moves to stderr, in the same format as
//                 `caissa moves --position CFN`, so the two can be compared.
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Squares are numbered 0..48 as rank * 7 + file, with file 0..6 for a..g and rank 0..6 for
// 1..7: a1 = 0, g1 = 6, a2 = 7, g7 = 48.
constexpr int kSize = 7;
constexpr int kSquares = kSize * kSize;

int file_of(int square) { return square % kSize; }
int rank_of(int square) { return square / kSize; }
bool on_board(int file, int rank) { return file >= 0 && file < kSize && rank >= 0 && rank < kSize; }

struct Move {
    int from;
    int to;
    bool operator==(const Move& other) const { return from == other.from && to == other.to; }
};

std::string square_text(int square) {
    return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}

std::string to_text(Move m) { return square_text(m.from) + "-" + square_text(m.to); }

std::optional<int> parse_square(const std::string& s, std::size_t at) {
    if (at + 2 > s.size() || s[at] < 'a' || s[at] > 'g' || s[at + 1] < '1' || s[at + 1] > '7') return std::nullopt;
    return (s[at + 1] - '1') * kSize + (s[at] - 'a');
}

// "b2-c4" -> a move, if the text has that shape (whether it is legal is another question).
std::optional<Move> parse_move(const std::string& text) {
    auto from = parse_square(text, 0);
    auto to = parse_square(text, 3);
    if (text.size() != 5 || text[2] != '-' || !from || !to) return std::nullopt;
    return Move{*from, *to};
}

// Directions as (file step, rank step): the first four are the rook's, the last four the
// bishop's, all eight the queen's (and the eight neighbours of a square).
struct Step {
    int file;
    int rank;
};
constexpr std::array<Step, 8> kDirections{{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}};
constexpr std::array<Step, 8> kKnightJumps{{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};

// Pieces are letters: 'Q' 'R' 'B' 'N' White, 'q' 'r' 'b' 'n' Black, '.' for no piece.
bool is_white(char piece) { return std::isupper(static_cast<unsigned char>(piece)) != 0; }
char kind(char piece) { return static_cast<char>(std::toupper(static_cast<unsigned char>(piece))); }

class Position {
public:
    // The initial position (RULES.md 1): all 49 tiles, White to move.
    Position() {
        tile_.fill(true);
        piece_.fill('.');
        for (const std::string placed : {"Qc2", "Rc3", "Bd2", "Nb2", "qe6", "re5", "bd6", "nf6"}) {
            piece_[*parse_square(placed, 1)] = placed[0];
        }
    }

    bool white_to_move() const { return white_to_move_; }

    // All legal moves of the side to move.
    std::vector<Move> legal_moves() const {
        std::vector<Move> moves;
        const bool white = white_to_move_;
        const bool check = in_check(white);
        for (int from = 0; from < kSquares; ++from) {
            const char c = piece_[from];
            if (c == '.' || is_white(c) != white) continue;
            const int f0 = file_of(from), r0 = rank_of(from);
            if (kind(c) == 'N') {
                // Any jump except onto a queen: exchanges with R, B, N of both colours are fine.
                for (Step j : kKnightJumps) {
                    const int f = f0 + j.file, r = r0 + j.rank;
                    if (on_board(f, r) && kind(piece_[r * kSize + f]) != 'Q') try_move(from, r * kSize + f, moves);
                }
            } else if (kind(c) == 'Q' && check) {
                // In check the queen may only step to a neighbouring tile, empty or holding an
                // enemy R, B or N (RULES.md 4).
                for (Step d : kDirections) {
                    const int f = f0 + d.file, r = r0 + d.rank, to = r * kSize + f;
                    if (on_board(f, r) && tile_[to] && (piece_[to] == '.' || is_enemy_minor(piece_[to], white))) {
                        try_move(from, to, moves);
                    }
                }
            } else {
                // Sliders walk each ray over holes and empty tiles until the first piece.
                const int first = kind(c) == 'B' ? 4 : 0, last = kind(c) == 'R' ? 4 : 8;
                for (int d = first; d < last; ++d) {
                    const Step s = kDirections[d];
                    for (int f = f0 + s.file, r = r0 + s.rank; on_board(f, r); f += s.file, r += s.rank) {
                        const int to = r * kSize + f;
                        const char t = piece_[to];
                        if (t != '.') {
                            // The queen captures an enemy R, B, N; R and B exchange with any R, B, N.
                            if (kind(c) == 'Q' ? is_enemy_minor(t, white) : kind(t) != 'Q') try_move(from, to, moves);
                            break;
                        }
                        // The queen lands on tiles only; R and B also move into holes.
                        if (kind(c) != 'Q' || tile_[to]) try_move(from, to, moves);
                    }
                }
            }
        }
        return moves;
    }

    // Makes a move without checking it: legal_moves() decides what is legal.
    void play(Move m) {
        const char mover = piece_[m.from], target = piece_[m.to];
        if (kind(mover) == 'Q') {
            // Atlantis effect (4): the tile the queen leaves sinks. An enemy piece on the target
            // is captured simply by being overwritten.
            tile_[m.from] = false;
            piece_[m.to] = mover;
            piece_[m.from] = '.';
        } else if (target != '.') {
            std::swap(piece_[m.from], piece_[m.to]);  // an exchange, not a capture (3)
        } else {
            if (!tile_[m.to]) {  // into a hole: the piece takes its tile along (3)
                tile_[m.to] = true;
                tile_[m.from] = false;
            }
            std::swap(piece_[m.from], piece_[m.to]);
        }
        white_to_move_ = !white_to_move_;
        last_move_ = m;
        ++plies_;
    }

    // RULES.md 6: a queen is in check when an enemy R, B or N could move onto her square
    // (even if that move would be illegal for its own side).
    bool in_check(bool white) const {
        const int q = queen_of(white);
        for (int sq = 0; sq < kSquares; ++sq) {
            const char c = piece_[sq];
            if (c == '.' || is_white(c) == white) continue;
            const int df = std::abs(file_of(sq) - file_of(q)), dr = std::abs(rank_of(sq) - rank_of(q));
            if ((kind(c) == 'N' && df * dr == 2)  // a knight's jump is 1 by 2 or 2 by 1
                || (kind(c) == 'R' && clear_line(sq, q, true, false))
                || (kind(c) == 'B' && clear_line(sq, q, false, true))) {
                return true;
            }
        }
        return false;
    }

    // The position in CFN (RULES.md 7), as `caissa moves` prints it.
    std::string cfn() const {
        std::string out;
        for (int r = kSize - 1; r >= 0; --r) {
            for (int f = 0; f < kSize; ++f) {
                const int sq = r * kSize + f;
                out += piece_[sq] != '.' ? piece_[sq] : tile_[sq] ? '.' : '-';
            }
            out += r > 0 ? '/' : ' ';
        }
        out += white_to_move_ ? "w " : "b ";
        out += last_move_ ? to_text(*last_move_) : "-";
        return out + " " + std::to_string(plies_);
    }

private:
    std::array<bool, kSquares> tile_{};   // false: a hole
    std::array<char, kSquares> piece_{};  // '.' or a piece letter
    bool white_to_move_ = true;
    std::optional<Move> last_move_;       // for the ko rule
    int plies_ = 0;                       // moves played (the game is drawn after 200)

    static bool is_enemy_minor(char piece, bool white) {
        return piece != '.' && is_white(piece) != white && kind(piece) != 'Q';
    }

    int queen_of(bool white) const {
        return static_cast<int>(std::find(piece_.begin(), piece_.end(), white ? 'Q' : 'q') - piece_.begin());
    }

    // Whether a and b share a line of an allowed kind with no piece strictly between them.
    // Holes never block: pieces slide over them and queens see across them.
    bool clear_line(int a, int b, bool orthogonal, bool diagonal) const {
        const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
        if (a == b) return false;
        const bool along_orthogonal = df == 0 || dr == 0, along_diagonal = std::abs(df) == std::abs(dr);
        if (!(orthogonal && along_orthogonal) && !(diagonal && along_diagonal)) return false;
        const int step_f = (df > 0) - (df < 0), step_r = (dr > 0) - (dr < 0);
        for (int f = file_of(a) + step_f, r = rank_of(a) + step_r; f != file_of(b) || r != rank_of(b);
             f += step_f, r += step_r) {
            if (piece_[r * kSize + f] != '.') return false;
        }
        return true;
    }

    // RULES.md 5: the queens may never see each other.
    bool queens_see_each_other() const { return clear_line(queen_of(true), queen_of(false), true, true); }

    // RULES.md 2: all tiles form one group, neighbours counted orthogonally and diagonally.
    // A flood fill from one tile must reach all of them.
    bool tiles_connected() const {
        std::array<bool, kSquares> seen{};
        std::vector<int> stack;
        const int tiles = static_cast<int>(std::count(tile_.begin(), tile_.end(), true));
        const int first = static_cast<int>(std::find(tile_.begin(), tile_.end(), true) - tile_.begin());
        stack.push_back(first);
        seen[first] = true;
        int reached = 0;
        while (!stack.empty()) {
            const int sq = stack.back();
            stack.pop_back();
            ++reached;
            for (Step d : kDirections) {
                const int f = file_of(sq) + d.file, r = rank_of(sq) + d.rank, n = r * kSize + f;
                if (on_board(f, r) && tile_[n] && !seen[n]) {
                    seen[n] = true;
                    stack.push_back(n);
                }
            }
        }
        return reached == tiles;
    }

    // Adds from-to if the ko rule allows it and the position after it is legal: tiles
    // connected, queens not in sight, mover not in check (RULES.md 6). Trying the move on a
    // copy and looking at the result is the simplest way to get all of that right.
    void try_move(int from, int to, std::vector<Move>& moves) const {
        const Move m{from, to};
        if (last_move_ && *last_move_ == m) return;  // ko rule (3)
        Position next = *this;
        next.play(m);
        if (next.tiles_connected() && !next.queens_see_each_other() && !next.in_check(white_to_move_)) {
            moves.push_back(m);
        }
    }
};

// THE PLACE TO MAKE YOUR BOT SMARTER: pick one of the legal moves (there is at least one).
Move choose_move(const Position& /*position*/, const std::vector<Move>& moves, std::mt19937& random) {
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    return moves[pick(random)];
}

// Plays a move given as text if it is legal here; says why not on stderr.
bool play_text_move(Position& position, const std::string& text) {
    const auto move = parse_move(text);
    const auto legal = position.legal_moves();
    if (!move || std::find(legal.begin(), legal.end(), *move) == legal.end()) {
        std::cerr << "random_bot: '" << text << "' is not a legal move here\n";
        return false;
    }
    position.play(*move);
    return true;
}

// The debug output of CAISSA_EXAMPLE_LIST_MOVES=1, in the format of `caissa moves`.
void list_moves(const Position& position, const std::vector<Move>& moves) {
    std::vector<std::string> texts;
    for (Move m : moves) texts.push_back(to_text(m));
    std::sort(texts.begin(), texts.end());
    std::cerr << "position: " << position.cfn() << '\n' << texts.size() << " legal moves:";
    for (const auto& t : texts) std::cerr << ' ' << t;
    std::cerr << std::endl;
}

// Removes surrounding white space (CRLF included) and lower-cases the line.
std::string clean(const std::string& line) {
    const auto first = line.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    std::string s = line.substr(first, line.find_last_not_of(" \t\r\n") - first + 1);
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

int main(int argc, char* argv[]) {
    // A seed on the command line replays the same game against the same opponent.
    const auto seed = argc > 1 ? std::strtoul(argv[1], nullptr, 10)
                               : static_cast<unsigned long>(std::chrono::system_clock::now().time_since_epoch().count());
    std::mt19937 random(static_cast<std::mt19937::result_type>(seed));
    const char* debug = std::getenv("CAISSA_EXAMPLE_LIST_MOVES");
    const bool debug_moves = debug != nullptr && std::string(debug) == "1";

    Position position;
    std::string raw;
    while (std::getline(std::cin, raw)) {
        const std::string line = clean(raw);
        if (line.empty()) continue;
        if (line == "end") break;
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (first == "opening") {
            // Arena extension: moves played from the initial position before the game proper.
            for (std::string move; words >> move;) {
                if (!play_text_move(position, move)) return 1;
            }
            continue;
        }
        // "start" means it is our turn at once; anything else is the opponent's move. Either
        // way we then move for the side to move, so we never need to remember our colour.
        if (line != "start" && !play_text_move(position, line)) return 1;

        const std::vector<Move> moves = position.legal_moves();
        if (debug_moves) list_moves(position, moves);
        if (moves.empty()) {  // the referee never asks then; if it happens our rules are wrong
            std::cerr << "random_bot: no legal move\n";
            return 1;
        }
        const Move m = choose_move(position, moves, random);
        std::cout << to_text(m) << std::endl;  // endl flushes: the referee is waiting for this line
        position.play(m);
    }
    return 0;
}

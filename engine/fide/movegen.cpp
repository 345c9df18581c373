#include "engine/fide/movegen.h"

#include <algorithm>

#include "engine/fide/line_attacks.h"
#include "engine/fide/move_batches.h"

namespace arbiter::fide {

bool MoveList::contains(Move m) const {
    return std::find(begin(), end(), m) != end();
}

namespace {

// Receives moves in batches as the generator finds them: one piece and its
// target set, or a set of pawn targets with a common offset. Why batches: the
// same generator then serves listing and perft's bulk counting (CountingSink).
class ListingSink {
  public:
    explicit ListingSink(MoveList& list) : list_(list) {}

    void targets(Square from, Bitboard to) {
        while (to) list_.push(Move::normal(from, popLsb(to)));
    }
    template <int Offset>
    void pawnSteps(Bitboard to) {
        while (to) {
            Square t = popLsb(to);
            list_.push(Move::normal(t - Offset, t));
        }
    }
    void promotions(Square from, Square to) {
        for (PieceType p : {Queen, Rook, Bishop, Knight}) list_.push(Move::promotion(from, to, p));
    }
    template <int Offset>
    void pawnPromotions(Bitboard to) {
        while (to) {
            Square t = popLsb(to);
            promotions(t - Offset, t);
        }
    }
    void add(Move m) { list_.push(m); }

  private:
    MoveList& list_;
};

// Counts the moves of each batch by population count instead of listing them.
class CountingSink {
  public:
    void targets(Square, Bitboard to) { count_ += uint64_t(popcount(to)); }
    template <int Offset>
    void pawnSteps(Bitboard to) {
        count_ += uint64_t(popcount(to));
    }
    void promotions(Square, Square) { count_ += 4; }
    template <int Offset>
    void pawnPromotions(Bitboard to) {
        count_ += 4 * uint64_t(popcount(to));
    }
    void add(Move) { ++count_; }
    uint64_t count() const { return count_; }

  private:
    uint64_t count_ = 0;
};

// Keeps each batch as a run of MoveBatches, empty ones left out. The runs are
// written through a pointer of its own and counted in a local, so that the
// compiler keeps both in registers: a run's byte-sized fields could otherwise
// stand for any object, and MoveBatches' size and count would be reloaded
// after every run.
class BatchingSink {
  public:
    explicit BatchingSink(MoveBatches::Run* runs) : next_(runs) {}

    void targets(Square from, Bitboard to) {
        if (to) push(to, from, 0, Move::Type::Normal, 1);
    }
    template <int Offset>
    void pawnSteps(Bitboard to) {
        if (to) push(to, 0, Offset, Move::Type::Normal, 1);
    }
    void promotions(Square from, Square to) { push(bit(to), from, 0, Move::Type::Promotion, 4); }
    template <int Offset>
    void pawnPromotions(Bitboard to) {
        if (to) push(to, 0, Offset, Move::Type::Promotion, 4);
    }
    void add(Move m) { push(bit(m.to()), m.from(), 0, m.type(), 1); }

    const MoveBatches::Run* end() const { return next_; }
    int count() const { return count_; }

  private:
    void push(Bitboard to, Square origin, int step, Move::Type type, int perTarget) {
        const int moves = popcount(to) * perTarget;
        *next_++ = {to, static_cast<int8_t>(origin), static_cast<int8_t>(step), type,
                    static_cast<uint8_t>(moves)};
        count_ += moves;
    }

    MoveBatches::Run* next_;
    int count_ = 0;
};

// En passant: rare, so checked by playing it on the occupancy; this also
// catches the two pawns leaving one rank and exposing the king sideways. Not
// called in double check, where only the king may move.
template <Colour Us, class Sink>
void enPassantCaptures(const Position& pos, Sink& sink) {
    if (pos.enPassantSquare() == NoSquare) return;
    constexpr Colour Them = opposite(Us);
    constexpr Direction Up = Us == White ? North : South;
    const SlidingAttacks& sliders = slidingAttacks();
    const Bitboard occupied = pos.occupied();
    const Square king = pos.kingSquare(Us);
    const auto kingIndex = static_cast<std::size_t>(king);
    const Bitboard theirPawns = pos.pieces(Them, Pawn);
    const Bitboard theirKnights = pos.pieces(Them, Knight);
    const Bitboard theirRooksQueens = pos.pieces(Them, Rook, Queen);
    const Bitboard theirBishopsQueens = pos.pieces(Them, Bishop, Queen);
    const Square target = pos.enPassantSquare();
    const Square victim = target - Up;
    for (Bitboard capturers =
             kPawnAttacks[Them][static_cast<std::size_t>(target)] & pos.pieces(Us, Pawn);
         capturers;) {
        Square s = popLsb(capturers);
        Bitboard after = (occupied ^ bit(s) ^ bit(victim)) | bit(target);
        bool exposed = (sliders.rook(king, after) & theirRooksQueens) ||
                       (sliders.bishop(king, after) & theirBishopsQueens) ||
                       (kKnightAttacks[kingIndex] & theirKnights) ||
                       (kPawnAttacks[Us][kingIndex] & theirPawns & ~bit(victim));
        if (!exposed) sink.add(Move::enPassant(s, target));
    }
}

// Notes whether any move was found, for hasLegalEnPassant().
struct FindingSink {
    bool found = false;
    void add(Move) { found = true; }
};

// `sliders` answers rook(square, occupied) and bishop(square, occupied):
// perft's magic tables (SlidingAttacks), or playouts' lines (LineSlidingAttacks).
template <Colour Us, class Sink, class Sliders>
void generate(const Position& pos, Sink& sink, const Sliders& sliders) {
    constexpr Colour Them = opposite(Us);
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction UpWest = Us == White ? NorthWest : SouthWest;
    constexpr Direction UpEast = Us == White ? NorthEast : SouthEast;
    // The steps of the enemy's pawn captures.
    constexpr Direction DownWest = Us == White ? SouthWest : NorthWest;
    constexpr Direction DownEast = Us == White ? SouthEast : NorthEast;
    constexpr Bitboard kThirdRank = rankMask(relativeRank(Us, 2));
    constexpr Bitboard kSeventhRank = rankMask(relativeRank(Us, 6));

    const Bitboard us = pos.pieces(Us);
    const Bitboard them = pos.pieces(Them);
    const Bitboard occupied = us | them;
    const Bitboard empty = ~occupied;
    const Square king = pos.kingSquare(Us);
    const auto kingIndex = static_cast<std::size_t>(king);
    const Bitboard theirPawns = pos.pieces(Them, Pawn);
    const Bitboard theirKnights = pos.pieces(Them, Knight);
    const Bitboard theirKing = pos.pieces(Them, King);
    const Bitboard theirRooksQueens = pos.pieces(Them, Rook, Queen);
    const Bitboard theirBishopsQueens = pos.pieces(Them, Bishop, Queen);

    auto attackedByThem = [&](Square s, Bitboard blockers) {
        const auto index = static_cast<std::size_t>(s);
        return (kKnightAttacks[index] & theirKnights) || (kPawnAttacks[Us][index] & theirPawns) ||
               (kKingAttacks[index] & theirKing) ||
               (sliders.bishop(s, blockers) & theirBishopsQueens) ||
               (sliders.rook(s, blockers) & theirRooksQueens);
    };

    // The enemy sliders on a line with our king: only they can check or pin,
    // so the lookups are skipped when there are none.
    const Bitboard rookLiners = kRookRays[kingIndex] & theirRooksQueens;
    const Bitboard bishopLiners = kBishopRays[kingIndex] & theirBishopsQueens;
    Bitboard checkers =
        (kKnightAttacks[kingIndex] & theirKnights) | (kPawnAttacks[Us][kingIndex] & theirPawns);
    if (rookLiners) checkers |= sliders.rook(king, occupied) & rookLiners;
    if (bishopLiners) checkers |= sliders.bishop(king, occupied) & bishopLiners;

    // King: a target is safe unless an enemy piece attacks it with our king
    // lifted, so that it cannot hide behind itself from a slider that checks
    // along the line it steps on. The enemy's attacks are gathered piece by
    // piece, sliders only when on a line with some target.
    {
        Bitboard safe = kKingAttacks[kingIndex] & ~us &
                        ~(shift<DownWest>(theirPawns) | shift<DownEast>(theirPawns) |
                          kKingAttacks[static_cast<std::size_t>(lsb(theirKing))]);
        for (Bitboard knights = theirKnights; knights && safe;)
            safe &= ~kKnightAttacks[static_cast<std::size_t>(popLsb(knights))];
        const Bitboard withoutKing = occupied ^ bit(king);
        for (Bitboard rooks = theirRooksQueens; rooks && safe;) {
            const Square s = popLsb(rooks);
            if (kRookRays[static_cast<std::size_t>(s)] & safe)
                safe &= ~sliders.rook(s, withoutKing);
        }
        for (Bitboard bishops = theirBishopsQueens; bishops && safe;) {
            const Square s = popLsb(bishops);
            if (kBishopRays[static_cast<std::size_t>(s)] & safe)
                safe &= ~sliders.bishop(s, withoutKing);
        }
        sink.targets(king, safe);
    }
    if (moreThanOne(checkers)) return;  // double check: only the king may move

    // Squares where any other piece may land: anywhere not our own, or, in
    // check, the checker's square and the squares between it and the king.
    const Bitboard allowed =
        checkers ? (kBetween[kingIndex][static_cast<std::size_t>(lsb(checkers))] | checkers) : ~us;

    // A piece is pinned when it alone stands between our king and an enemy slider
    // on a line; it may then move only along that line.
    Bitboard pinned = 0;
    {
        Bitboard snipers = 0;
        if (rookLiners) snipers |= sliders.rook(king, them) & rookLiners;
        if (bishopLiners) snipers |= sliders.bishop(king, them) & bishopLiners;
        while (snipers) {
            Bitboard between =
                kBetween[kingIndex][static_cast<std::size_t>(popLsb(snipers))] & occupied;
            if (between && !moreThanOne(between) && (between & us)) pinned |= between;
        }
    }

    for (Bitboard knights = pos.pieces(Us, Knight) & ~pinned; knights;) {
        Square s = popLsb(knights);
        sink.targets(s, kKnightAttacks[static_cast<std::size_t>(s)] & allowed);
    }
    for (Bitboard diagonals = pos.pieces(Us, Bishop, Queen); diagonals;) {
        Square s = popLsb(diagonals);
        Bitboard to = sliders.bishop(s, occupied) & allowed;
        if (pinned & bit(s)) to &= kLine[kingIndex][static_cast<std::size_t>(s)];
        sink.targets(s, to);
    }
    for (Bitboard orthogonals = pos.pieces(Us, Rook, Queen); orthogonals;) {
        Square s = popLsb(orthogonals);
        Bitboard to = sliders.rook(s, occupied) & allowed;
        if (pinned & bit(s)) to &= kLine[kingIndex][static_cast<std::size_t>(s)];
        sink.targets(s, to);
    }

    // Pawns that are not pinned, all at once by shifting.
    const Bitboard pawns = pos.pieces(Us, Pawn);
    {
        const Bitboard movers = pawns & ~pinned & ~kSeventhRank;
        const Bitboard single = shift<Up>(movers) & empty;
        const Bitboard twice = shift<Up>(single & kThirdRank) & empty;
        sink.template pawnSteps<Up>(single & allowed);
        sink.template pawnSteps<2 * Up>(twice & allowed);
        sink.template pawnSteps<UpWest>(shift<UpWest>(movers) & them & allowed);
        sink.template pawnSteps<UpEast>(shift<UpEast>(movers) & them & allowed);

        const Bitboard promoting = pawns & ~pinned & kSeventhRank;
        if (promoting) {
            sink.template pawnPromotions<Up>(shift<Up>(promoting) & empty & allowed);
            sink.template pawnPromotions<UpWest>(shift<UpWest>(promoting) & them & allowed);
            sink.template pawnPromotions<UpEast>(shift<UpEast>(promoting) & them & allowed);
        }
    }
    // Pinned pawns one by one, along their pin line. A pinned piece can never
    // answer a check, so they are skipped in check.
    if (!checkers) {
        for (Bitboard pinnedPawns = pawns & pinned; pinnedPawns;) {
            Square s = popLsb(pinnedPawns);
            const auto index = static_cast<std::size_t>(s);
            Bitboard single = shift<Up>(bit(s)) & empty;
            Bitboard twice = shift<Up>(single & kThirdRank) & empty;
            Bitboard to =
                (single | twice | (kPawnAttacks[Us][index] & them)) & kLine[kingIndex][index];
            if (bit(s) & kSeventhRank) {
                while (to) sink.promotions(s, popLsb(to));
            } else {
                sink.targets(s, to);
            }
        }
    }

    enPassantCaptures<Us>(pos, sink);

    // Castling: not out of, through or into check; the squares between king and
    // rook empty. Rights imply king and rook stand on their original squares.
    if (!checkers) {
        constexpr int kKingside = Us == White ? WhiteKingside : BlackKingside;
        constexpr int kQueenside = Us == White ? WhiteQueenside : BlackQueenside;
        constexpr int kRank = relativeRank(Us, 0);
        const int rights = pos.castlingRights();
        if ((rights & kKingside) &&
            !(occupied & (bit(makeSquare(5, kRank)) | bit(makeSquare(6, kRank)))) &&
            !attackedByThem(makeSquare(5, kRank), occupied) &&
            !attackedByThem(makeSquare(6, kRank), occupied)) {
            sink.add(Move::castling(king, makeSquare(6, kRank)));
        }
        if ((rights & kQueenside) &&
            !(occupied & (bit(makeSquare(1, kRank)) | bit(makeSquare(2, kRank)) |
                          bit(makeSquare(3, kRank)))) &&
            !attackedByThem(makeSquare(3, kRank), occupied) &&
            !attackedByThem(makeSquare(2, kRank), occupied)) {
            sink.add(Move::castling(king, makeSquare(2, kRank)));
        }
    }
}

template <class Sink, class Sliders = SlidingAttacks>
void generateForSideToMove(const Position& pos, Sink& sink,
                           const Sliders& sliders = slidingAttacks()) {
    if (pos.sideToMove() == White) {
        generate<White>(pos, sink, sliders);
    } else {
        generate<Black>(pos, sink, sliders);
    }
}

}  // namespace

void generateLegalMoves(const Position& position, MoveList& moves) {
    moves.clear();
    ListingSink sink(moves);
    generateForSideToMove(position, sink);
}

void generateMoveBatches(const Position& position, MoveBatches& batches) {
    BatchingSink sink(batches.runs_.data());
    generateForSideToMove(position, sink, LineSlidingAttacks());
    batches.size_ = static_cast<int>(sink.end() - batches.runs_.data());
    batches.count_ = sink.count();
    assert(batches.size_ <= MoveBatches::kCapacity);
}

uint64_t countLegalMoves(const Position& position) {
    CountingSink sink;
    generateForSideToMove(position, sink);
    return sink.count();
}

bool hasLegalEnPassant(const Position& position) {
    const Square target = position.enPassantSquare();
    if (target == NoSquare) return false;
    // Mostly no pawn stands beside the one that stepped twice: that is known
    // without looking for checks.
    const Colour us = position.sideToMove();
    if (!(kPawnAttacks[static_cast<std::size_t>(opposite(us))][static_cast<std::size_t>(target)] &
          position.pieces(us, Pawn)))
        return false;
    if (moreThanOne(position.checkers())) return false;
    FindingSink sink;
    if (position.sideToMove() == White) {
        enPassantCaptures<White>(position, sink);
    } else {
        enPassantCaptures<Black>(position, sink);
    }
    return sink.found;
}

}  // namespace arbiter::fide

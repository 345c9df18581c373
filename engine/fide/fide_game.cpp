#include "engine/fide/fide_game.h"

#include "engine/fide/fen.h"
#include "engine/fide/material.h"
#include "engine/fide/movegen.h"
#include "engine/fide/pgn.h"
#include "engine/fide/refusal.h"
#include "engine/fide/san.h"
#include "engine/fide/uci.h"

namespace arbiter {

namespace {

std::unique_ptr<Game> makeFideGame(const GameOptions& resolved, std::string&) {
    return std::make_unique<fide::FideGame>(resolved);
}

}  // namespace

GameInfo fideInfo() {
    GameInfo info;
    info.name = "fide";
    info.title = "FIDE chess";
    // The pieces are themselves: no stand-ins.
    info.options = {
        {"strict-touch",
         "castling must begin with the king (FIDE 4.4): a rook moved first is a rook move",
         "off",
         {"on", "off"}},
    };
    info.knownStart =
        "the usual one: White on ranks 1 and 2, Black on 7 and 8, each queen on her own colour, "
        "d1 and d8";
    info.resultSignal = true;
    info.make = makeFideGame;
    return info;
}

namespace fide {

FideGame::FideGame() {
    std::string error;
    options_ = *GameOptions().resolved(fideInfo(), error);
}

namespace {

// FIDE 9.3 and 9.6.2: 50 and 75 moves by each player, counted in plies.
constexpr int kFiftyMovePlies = 100;
constexpr int kSeventyFiveMovePlies = 150;
constexpr int kThreefold = 3;
constexpr int kFivefold = 5;

bool onBoard(Cell c) {
    return c >= 0 && c < 64;
}

}  // namespace

FideState::FideState(const Position& position, bool strictTouch)
    : position_(position), strictTouch_(strictTouch) {
    history_.record(repetitionKey(position_), true);
}

std::unique_ptr<GameState> FideState::clone() const {
    return std::make_unique<FideState>(*this);
}

const Geometry& FideState::geometry() const {
    static const Geometry board = Geometry::rectangle(8, 8);
    return board;
}

PlayerId FideState::toMove() const {
    return position_.sideToMove() == White ? 0 : 1;
}

std::string FideState::playerName(PlayerId p) const {
    if (p == 0) return "White";
    if (p == 1) return "Black";
    return "Player " + std::to_string(p + 1);
}

std::optional<Piece> FideState::pieceAt(Cell c) const {
    if (!onBoard(c) || position_.typeAt(c) == NoPieceType) return std::nullopt;
    return Piece{int(position_.typeAt(c)), position_.colourAt(c) == White ? 0 : 1};
}

PlayerResources FideState::resources(PlayerId) const {
    return {};
}

Appearance FideState::appearance(Cell c) const {
    if (!onBoard(c) || position_.typeAt(c) == NoPieceType) return std::nullopt;
    return SetPiece{position_.colourAt(c) == White ? SetColour::White : SetColour::Black,
                    Figure(position_.typeAt(c))};
}

Action FideState::toAction(Move m) {
    return Action::move(m.from(), m.to(),
                        m.type() == Move::Type::Promotion ? int(m.promotion()) : -1);
}

void FideState::listActions(std::vector<Action>& out) const {
    if (ending() != Ending::Ongoing) {
        out.clear();
        return;
    }
    const MoveList& moves = legalMoves();
    ActionWriter list(out, size_t(moves.size()));
    for (Move m : moves)
        list.next(Action::Kind::Move, m.from(), m.to(),
                  m.type() == Move::Type::Promotion ? int(m.promotion()) : -1);
}

// The kept legal moves are the list; only the chosen one becomes an action.
const Action* FideState::chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                                      std::vector<Action>& list) const {
    if (ending() != Ending::Ongoing) return nullptr;
    const MoveList& moves = legalMoves();
    const uint64_t chosen = pick(static_cast<uint64_t>(moves.size()));
    assert(chosen < static_cast<uint64_t>(moves.size()));
    if (list.empty()) list.emplace_back();
    list[0] = toAction(moves[static_cast<int>(chosen)]);
    return list.data();
}

std::optional<uint64_t> FideState::turnCount() const {
    if (ending() != Ending::Ongoing) return 0;
    return static_cast<uint64_t>(legalMoves().size());
}

const MoveList& FideState::legalMoves() const {
    if (!movesKnown_) {
        generateLegalMoves(position_, moves_);
        movesKnown_ = true;
    }
    return moves_;
}

std::optional<Move> FideState::legalMoveFor(const Action& a) const {
    if (a.kind != Action::Kind::Move || !onBoard(a.from) || !onBoard(a.to)) return std::nullopt;
    const MoveList& moves = legalMoves();
    for (Move m : moves) {
        if (toAction(m) == a) return m;
    }
    return std::nullopt;
}

Move FideState::moveOf(const Action& a) const {
    if (a.piece >= 0) return Move::promotion(a.from, a.to, PieceType(a.piece));
    const PieceType moving = position_.typeAt(a.from);
    const int files = fileOf(a.to) - fileOf(a.from);
    if (moving == King && (files == 2 || files == -2)) return Move::castling(a.from, a.to);
    // A pawn reaches the en-passant square only by capturing: straight ahead
    // of it stands the pawn that just stepped twice.
    if (moving == Pawn && files != 0 && a.to == position_.enPassantSquare())
        return Move::enPassant(a.from, a.to);
    return Move::normal(a.from, a.to);
}

void FideState::apply(const Action& a) {
    // The move is read off the action, not looked up among the legal ones:
    // apply() takes only legal actions, and a playout applies one per step.
    const bool moves = a.kind == Action::Kind::Move && onBoard(a.from) && onBoard(a.to) &&
                       position_.typeAt(a.from) != NoPieceType &&
                       position_.colourAt(a.from) == position_.sideToMove();
    assert(moves && !outcome().over() && legalMoves().contains(moveOf(a)) &&
           "apply() takes only legal actions");
    if (!moves) return;  // contract broken by the caller: leave the state as it was
    position_.play(moveOf(a));
    movesKnown_ = false;
    ending_ = Ending::Unknown;
    history_.record(repetitionKey(position_), position_.halfmoveClock() == 0);
}

std::vector<ActionsInParts::ActionBegun> FideState::actionsBegunBy(const Action& made) const {
    std::optional<Move> rookPart = legalMoveFor(made);
    if (!rookPart || rookPart->type() != Move::Type::Normal ||
        position_.typeAt(rookPart->from()) != Rook)
        return {};
    const MoveList& moves = legalMoves();
    for (Move castling : moves) {
        if (castling.type() != Move::Type::Castling) continue;
        // Standard castling: the rook comes from the corner of the king's wing
        // to the square the king passes over (h1-f1 with e1-g1, a1-d1 with e1-c1).
        const int rank = rankOf(castling.from());
        const bool kingside = fileOf(castling.to()) > fileOf(castling.from());
        const Square rookFrom = makeSquare(kingside ? 7 : 0, rank);
        const Square rookTo =
            makeSquare((fileOf(castling.from()) + fileOf(castling.to())) / 2, rank);
        if (rookPart->from() != rookFrom || rookPart->to() != rookTo) continue;
        std::string refusal;
        if (strictTouch_)
            refusal = "castling begins with the king (FIDE 4.4, strict touch): " +
                      toSan(position_, *rookPart) + " stands as a rook move";
        return {{toAction(castling), refusal}};
    }
    return {};
}

Outcome FideState::outcome() const {
    switch (ending()) {
        case Ending::Unknown:
        case Ending::Ongoing:
            break;
        case Ending::Checkmate:
            return Outcome::win({toMove() == 0 ? 1 : 0}, "checkmate");
        case Ending::Stalemate:
            return Outcome::draw("stalemate");
        case Ending::InsufficientMaterial:
            return Outcome::draw("insufficient material");
        case Ending::FivefoldRepetition:
            return Outcome::draw("fivefold repetition");
        case Ending::SeventyFiveMoves:
            return Outcome::draw("seventy-five-move rule");
    }
    return Outcome::ongoing();
}

FideState::Ending FideState::ending() const {
    if (ending_ == Ending::Unknown) ending_ = endingNow();
    return ending_;
}

FideState::Ending FideState::endingNow() const {
    if (legalMoves().empty()) return position_.inCheck() ? Ending::Checkmate : Ending::Stalemate;
    // Checkmate takes precedence over the automatic draws (FIDE 9.6.2).
    if (isInsufficientMaterial(position_)) return Ending::InsufficientMaterial;
    if (history_.currentOccurrences() >= kFivefold) return Ending::FivefoldRepetition;
    if (position_.halfmoveClock() >= kSeventyFiveMovePlies) return Ending::SeventyFiveMoves;
    return Ending::Ongoing;
}

bool FideState::drawnByRule() const {
    // A pawn, rook or queen on the board is always enough material: the
    // common case, answered without a call.
    const bool enough = (position_.pieces(Pawn) | position_.pieces(Rook) | position_.pieces(Queen));
    return (!enough && isInsufficientMaterial(position_)) ||
           history_.currentOccurrences() >= kFivefold ||
           position_.halfmoveClock() >= kSeventyFiveMovePlies;
}

std::string FideState::claimableDraw() const {
    if (outcome().over()) return {};
    if (history_.currentOccurrences() >= kThreefold) return "threefold repetition";
    if (position_.halfmoveClock() >= kFiftyMovePlies) return "fifty-move rule";
    return {};
}

bool FideState::canStillWin(PlayerId p) const {
    if (p != 0 && p != 1) return false;
    return hasMatingMaterial(position_, p == 0 ? White : Black);
}

std::string FideState::describe(const Action& a) const {
    std::optional<Move> move = legalMoveFor(a);
    return move ? toSan(position_, *move) : encode(a);
}

std::string FideState::encode(const Action& a) const {
    if (a.kind != Action::Kind::Move || !onBoard(a.from) || !onBoard(a.to)) return {};
    std::string text = squareName(a.from) + squareName(a.to);
    if (a.piece >= Knight && a.piece <= Queen) text += "nbrq"[a.piece - Knight];
    return text;
}

std::optional<Action> FideState::decode(std::string_view text) const {
    if (outcome().over()) return std::nullopt;
    std::optional<Move> move = parseUci(position_, text);
    if (!move) move = parseSan(position_, text);
    if (!move) return std::nullopt;
    return toAction(*move);
}

std::string FideState::refusal(const Action& a) const {
    if (legalMoveFor(a)) return {};
    if (outcome().over()) return "the game is over";
    if (a.kind != Action::Kind::Move || !a.path.empty() || !a.payload.empty() || a.arg != 0)
        return "a move of chess names two squares and, for a promotion, the new piece";
    // A piece no pawn becomes is named as the king, which it may not become either.
    const PieceType promotion = a.piece < 0       ? NoPieceType
                                : a.piece >= King ? King
                                                  : PieceType(a.piece);
    return moveRefusal(position_, a.from, a.to, promotion);
}

std::string FideState::serialize() const {
    return toFen(position_);
}

std::unique_ptr<GameState> FideGame::start() const {
    return std::make_unique<FideState>(Position::standardStart(), options_.on("strict-touch"));
}

std::unique_ptr<GameState> FideGame::load(std::string_view text, std::string& error) const {
    std::optional<Position> position = parseFen(text, error);
    if (!position) return nullptr;
    return std::make_unique<FideState>(*position, options_.on("strict-touch"));
}

std::string FideGame::exportRecord(const GameRecord& record) const {
    return exportPgn(record);
}

}  // namespace fide
}  // namespace arbiter

#include "bench/csipgs_against_fsf.h"

#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/deepest_within_budget.h"
#include "bench/uci_engine.h"
#include "engine/csipgs/csipgs.h"

namespace arbiter::bench {

namespace {

using csipgs::CsipgsState;
using csipgs::Design;

// Middle games in csipgs position notation (docs/rules/csipgs.md), each side
// with one royal piece, an ordinary King (WF+royal), and designed pieces that
// Fairy-Stockfish has a piece for (kFsfPieces).
struct NamedPosition {
    const char* name;
    const char* text;
};
constexpr NamedPosition kPositions[] = {
    {"compounds",
     "2c1r1k1/pp1g1ppp/2a2s2/3pp3/2P1P3/2A2S2/PP1G1PPP/2C1R1K1 w 3,2 "
     "A=6:NB,C=2:NR,G=3:WfF,K=5:WF+royal,P=1:fmWfcF,R=2:R,S=4:fWF,"
     "a=6:NB,c=2:NR,g=3:WfF,k=5:WF+royal,p=1:fmWfcF,r=2:R,s=4:fWF - "
     "fmWfcF,NR,WfF,fWF,WF+royal,NB fmWfcF,NR,WfF,fWF,WF+royal,NB"},
    {"leapers",
     "1w2k1f1/ppp2ppp/2e1a1m1/3pnc2/2CP4/2M1E2A/PPP2PPP/1W2K1F1 b 2,4 "
     "A=4:A,C=3:WFN,E=4:FA,F=4:F,K=5:WF+royal,M=6:WF,P=1:fmWfcF,W=2:W,"
     "a=4:A,c=3:WFN,e=4:FA,f=4:F,k=5:WF+royal,m=6:WF,n=3:N,p=1:fmWfcF,w=2:W - "
     "fmWfcF,W,WFN,FA,WF+royal,WF fmWfcF,W,WFN,FA,WF+royal,WF"},
    {"forward pieces",
     "lh2k1hl/1r1gvg1b/o2soe1o/8/2O1O3/O2SE2O/1B1GVG1R/LH2K1HL w 1,1 "
     "B=4:B,E=3:sWffN,G=6:WfF,H=3:ffN,K=5:WF+royal,L=2:fR,O=1:fW,R=2:R,S=1:fWsW,V=4:fWF,"
     "b=4:B,e=3:sWffN,g=6:WfF,h=3:ffN,k=5:WF+royal,l=2:fR,o=1:fW,r=2:R,s=1:fWsW,v=4:fWF - "
     "fW,fR,ffN,fWF,WF+royal,WfF fW,fR,ffN,fWF,WF+royal,WfF"},
    {"modes, last rank",
     "cd1k2y1/1P1i1tp1/2j2x2/1u2Z3/3z4/1E2X1U1/1T1I2pC/3JKD1Y b 5,0 "
     "C=2:cW,D=4:WB,E=2:FR,I=3:mNcB,J=3:cNmB,K=5:WF+royal,P=1:fmWfcF,T=1:fmWfF,U=2:mNcR,"
     "X=2:cNmR,Y=6:FNR,Z=6:NBR,c=2:cW,d=4:WB,i=3:mNcB,j=3:cNmB,k=5:WF+royal,p=1:fmWfcF,"
     "t=1:fmWfF,u=2:mNcR,x=2:cNmR,y=6:FNR,z=6:NBR - "
     "fmWfcF,FR,mNcB,WB,WF+royal,NBR fmWfcF,FR,mNcB,WB,WF+royal,NBR"},
};

// Fairy-Stockfish's own piece types and the csipgs design each moves as,
// each checked against Debian's Fairy-Stockfish 11.1 by perft. That version
// has no custom pieces (it answers "Invalid option: customPiece1" to the
// customPieceN = letter:Betza of later versions), so these are the designs
// it can play. Where the names read as Betza differ from ours, the moves
// decide: its shogiKnight, which it writes fN, is our narrow forward knight
// ffN. The King (WF+royal) is its "king".
struct FsfPiece {
    const char* type;
    const char* design;
};
constexpr FsfPiece kFsfPieces[] = {
    {"king", "WF+royal"},
    {"pawn", "fmWfcF"},
    {"knight", "N"},
    {"bishop", "B"},
    {"rook", "R"},
    {"queen", "BR"},
    {"wazir", "W"},
    {"fers", "F"},
    {"alfil", "A"},
    {"fersAlfil", "FA"},
    {"silver", "fWF"},
    {"commoner", "WF"},
    {"centaur", "WFN"},
    {"gold", "WfF"},
    {"lance", "fR"},
    {"shogiPawn", "fW"},
    {"soldier", "fWsW"},
    {"shogiKnight", "ffN"},
    {"euroshogiKnight", "sWffN"},
    {"dragonHorse", "WB"},
    {"bers", "FR"},
    {"archbishop", "NB"},
    {"chancellor", "NR"},
    {"amazon", "NBR"},
    {"aiwok", "FNR"},
    {"clobber", "cW"},
    {"breakthrough", "fmWfF"},
    {"knibis", "mNcB"},
    {"biskni", "cNmB"},
    {"kniroo", "mNcR"},
    {"rookni", "cNmR"},
};

// The entry of kFsfPieces that moves as `design`, or nullptr.
const FsfPiece* fsfPieceFor(const Design& design) {
    for (const FsfPiece& piece : kFsfPieces) {
        std::string error;
        if (Design::parse(piece.design, error) == design) return &piece;
    }
    return nullptr;
}

// One position as Fairy-Stockfish gets it: a section of variants.ini and the FEN.
struct FsfPosition {
    std::string section;
    std::string fen;
    std::string pieces;  // "NB=archbishop NR=chancellor ...", for the reader
};

// The letters of Fairy-Stockfish's pieces in one position: the King's k, the
// others a, b, c ... in order of first use.
class Letters {
  public:
    // 0 when the alphabet has run out.
    char of(const FsfPiece& piece, bool royal) {
        auto [entry, added] = letters_.try_emplace(&piece, 'k');
        if (added && !royal) entry->second = next_ < sizeof kAlphabet - 1 ? kAlphabet[next_++] : 0;
        return entry->second;
    }
    // "king = k", "archbishop = a", ...: the lines of variants.ini that define them.
    std::string definitions() const {
        std::string lines;
        for (const auto& [piece, letter] : letters_)
            lines += std::string(piece->type) + " = " + letter + "\n";
        return lines;
    }
    // "WF+royal=king NB=archbishop ...": what plays what.
    std::string names() const {
        std::string text;
        for (const auto& [piece, letter] : letters_)
            text += (text.empty() ? "" : " ") + std::string(piece->design) + "=" + piece->type;
        return text;
    }

  private:
    static constexpr char kAlphabet[] = "abcdefghijlmnopqrstuvwxyz";
    std::map<const FsfPiece*, char> letters_;
    size_t next_ = 0;
};

// One rank of the FEN for Fairy-Stockfish; false (and why) when a piece has no
// Fairy-Stockfish piece or the letters run out.
bool writeRank(const CsipgsState& state, int rank, Letters& letters, int royals[2],
               std::string& board, std::string& problem) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
        std::optional<Piece> piece = state.pieceAt(state.geometry().cell(file, rank));
        if (!piece) {
            ++empty;
            continue;
        }
        const Design& design = state.kind(piece->kind).design;
        const FsfPiece* fsf = fsfPieceFor(design);
        if (!fsf) {
            problem = "Fairy-Stockfish has no piece that moves as " + design.text();
            return false;
        }
        char letter = letters.of(*fsf, design.royal());
        if (letter == 0) {
            problem = "more kinds of piece than letters";
            return false;
        }
        if (design.royal()) ++royals[piece->owner == 0 ? 0 : 1];
        if (empty > 0) board += std::to_string(empty);
        empty = 0;
        board += piece->owner == 0 ? char(letter - 'a' + 'A') : letter;
    }
    if (empty > 0) board += std::to_string(empty);
    return true;
}

// The position as Fairy-Stockfish's variant `variant`: nullopt (and why) when
// it cannot be one.
std::optional<FsfPosition> translate(const CsipgsState& state, const std::string& variant,
                                     std::string& problem) {
    Letters letters;
    int royals[2] = {0, 0};
    std::string board;
    for (int rank = 7; rank >= 0; --rank) {
        if (!writeRank(state, rank, letters, royals, board, problem)) return std::nullopt;
        if (rank > 0) board += '/';
    }
    if (royals[0] != 1 || royals[1] != 1) {
        problem = "each side needs exactly one royal piece, a King";
        return std::nullopt;
    }
    FsfPosition position;
    position.fen = board + (state.toMove() == 0 ? " w" : " b") + " - - 0 1";
    position.section = "[" + variant + "]\n" + letters.definitions() +
                       "castling = false\n"
                       "doubleStep = false\n"
                       "promotionPieceTypes =\n"
                       "mandatoryPawnPromotion = false\n"
                       "startFen = " +
                       position.fen + "\n";
    position.pieces = letters.names();
    return position;
}

// A file that is removed when this goes: the variants.ini for Fairy-Stockfish.
class TemporaryFile {
  public:
    // path() is empty when the file cannot be written.
    explicit TemporaryFile(const std::string& text) {
        // mkstemps's template: it puts a unique name in place of the six X.
        std::string name = "/tmp/arbiter-bench-fsf-XXXXXX.ini";
        int fd = mkstemps(name.data(), 4);
        if (fd < 0) return;
        bool written = write(fd, text.data(), text.size()) == ssize_t(text.size());
        close(fd);
        if (written)
            path_ = name;
        else
            unlink(name.c_str());
    }
    ~TemporaryFile() {
        if (!path_.empty()) unlink(path_.c_str());
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

// One position of the table, loaded and translated, or why not.
struct Row {
    std::string name;
    std::string variant;  // its section's name in variants.ini
    std::unique_ptr<CsipgsState> state;
    std::optional<FsfPosition> fsf;
    std::string problem;
};

std::vector<Row> loadRows(std::string& ini) {
    std::vector<Row> rows;
    for (const NamedPosition& position : kPositions) {
        Row& row = rows.emplace_back();
        row.name = position.name;
        row.variant = "arbiter-csipgs-" + std::to_string(rows.size());
        row.state = CsipgsState::load(position.text, row.problem);
        if (!row.state) {
            row.problem = "does not load: " + row.problem;
            continue;
        }
        row.fsf = translate(*row.state, row.variant, row.problem);
        if (row.fsf) ini += row.fsf->section + "\n";
    }
    return rows;
}

// Fairy-Stockfish counting `row` at `depth`: the first call loads variants.ini.
std::optional<Measurement> timeTheirs(UciEngine& engine, const std::string& ini, bool& loaded,
                                      const Row& row, int depth, int runs, std::string& problem) {
    if (!loaded) engine.send("setoption name VariantPath value " + ini);
    loaded = true;
    engine.send("setoption name UCI_Variant value " + row.variant);
    if (!engine.waitFor("info string variant " + row.variant + " ", 10)) {
        problem = "Fairy-Stockfish did not take variant " + row.variant;
        return std::nullopt;
    }
    return timeUciPerft(engine, {"position fen " + row.fsf->fen}, depth, runs, problem);
}

void printRow(const Row& row, const DepthMeasurement& ours,
              const std::optional<Measurement>& theirs, const std::string& problem) {
    const double ourRate = double(ours.nodes) / ours.seconds;
    std::printf("%-18s %5d %12llu %9.3f %9.2f", row.name.c_str(), ours.depth,
                static_cast<unsigned long long>(ours.nodes), ours.seconds, ourRate / 1e6);
    if (!theirs) {
        std::printf("  %s\n", problem.c_str());
        return;
    }
    const double theirRate = double(theirs->nodes) / theirs->seconds;
    std::printf(" %9.3f %9.2f %11.2f%s%s\n", theirs->seconds, theirRate / 1e6, ourRate / theirRate,
                theirs->nodes == ours.nodes ? "" : "  (node count differs!)",
                theirs->cpu ? "" : "  (theirs in wall time)");
}

}  // namespace

void timeCsipgsAgainstFairyStockfish(const std::string& enginePath, int runs) {
    std::string ini;
    std::vector<Row> rows = loadRows(ini);
    TemporaryFile file(ini);
    std::optional<UciEngine> engine = UciEngine::start(enginePath);
    std::string engineName = enginePath + " (not installed)";
    if (engine) {
        engine->send("uci");
        std::optional<std::string> id = engine->waitFor("id name ", 60);
        engineName = id ? id->substr(8) : enginePath + " (no answer to uci)";
        if (!id) engine.reset();
    }
    std::printf(
        "\ncsipgs board moves (perftMovesOnly) against %s on the same\n"
        "middle games (its variants.ini written by the bench), largest depth under %.0f s for\n"
        "ours, best of %d run(s), CPU time; ours/theirs is our nodes/s over theirs\n\n"
        "%-18s %5s %12s %9s %9s %9s %9s %11s\n",
        engineName.c_str(), kBudgetSeconds, runs, "position", "depth", "nodes", "seconds",
        "Mnodes/s", "FSF s", "FSF Mn/s", "ours/theirs");
    bool loaded = false;
    for (const Row& row : rows) {
        if (!row.fsf) {
            std::printf("%-18s %s\n", row.name.c_str(), row.problem.c_str());
            continue;
        }
        std::optional<DepthMeasurement> ours =
            deepestWithinBudget([&](int depth) { return row.state->perftMovesOnly(depth); }, runs);
        if (!ours) {
            std::printf("%-18s depth 1 takes over a second\n", row.name.c_str());
            continue;
        }
        std::string problem = engine ? "" : "not installed";
        std::optional<Measurement> theirs;
        if (engine && file.path().empty()) problem = "cannot write its variants.ini";
        if (engine && problem.empty())
            theirs = timeTheirs(*engine, file.path(), loaded, row, ours->depth, runs, problem);
        printRow(row, *ours, theirs, problem);
    }
    std::printf("\nFairy-Stockfish's pieces for our designs:\n");
    for (const Row& row : rows)
        if (row.fsf) std::printf("  %s: %s\n", row.name.c_str(), row.fsf->pieces.c_str());
}

}  // namespace arbiter::bench

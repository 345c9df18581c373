#include "daemon/table/playing_table.h"

#include "daemon/table/moderated_table.h"
#include "daemon/table/table.h"

namespace arbiter {

std::unique_ptr<PlayingTable> openTable(EventLoop& loop, TableSettings settings,
                                        std::unique_ptr<Game> game, AnnouncementSink& out,
                                        std::string& error) {
    // Nothing of what a player may not see reaches the console or speech,
    // which hear only what is for everyone (Announcer::add).
    if (game->start()->hidden())
        return ModeratedTable::create(loop, std::move(settings), std::move(game), out, error);
    return Table::create(loop, std::move(settings), std::move(game), out, error);
}

std::unique_ptr<PlayingTable> openTable(EventLoop& loop, TableSettings settings,
                                        AnnouncementSink& out, std::string& error) {
    auto game = makeGame(settings.game, settings.gameOptions, error);
    if (!game) return nullptr;
    return openTable(loop, std::move(settings), std::move(game), out, error);
}

}  // namespace arbiter

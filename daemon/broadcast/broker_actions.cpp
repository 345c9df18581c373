#include "daemon/broadcast/broker_actions.h"

#include <spdlog/spdlog.h>

#include "daemon/base/json_text.h"
#include "daemon/base/utf8.h"
#include "daemon/broadcast/broker_action.h"
#include "daemon/control/control_protocol.h"

namespace arbiter {

namespace {

// The "id" of a payload refused as an action, when it has a usable one, so
// that the sender can tell which of its messages was refused.
nlohmann::json idOf(const std::string& payload) {
    const nlohmann::json parsed = nlohmann::json::parse(payload, nullptr, false);
    if (!parsed.is_object() || !parsed.contains("id")) return nullptr;
    const nlohmann::json& id = parsed["id"];
    if (id.is_number_integer()) return id;
    if (id.is_string() && id.get<std::string>().size() <= 64 && isUtf8(id.get<std::string>()))
        return id;
    return nullptr;
}

}  // namespace

BrokerActions::BrokerActions(TableBroadcast& broadcast, PlayingTable& table)
    : broadcast_(broadcast), table_(table) {
    broadcast_.onMessage(
        [this](const std::string& topic, const std::string& payload) { handle(topic, payload); });
    broadcast_.client().subscribe(broadcast_.topic("do"));
}

void BrokerActions::handle(const std::string& topic, const std::string& payload) {
    if (topic != broadcast_.topic("do")) return;
    std::string error;
    const auto action = parseBrokerAction(payload, error);
    if (!action) {
        spdlog::warn("refused an action from the broker: {}", error);
        answer(payload.size() <= kLongestBrokerAction ? idOf(payload) : nullptr,
               ControlReply::refused(error));
        return;
    }
    if (const ControlReply allowed = table_.mayAsk(-1, control::request::kDo); !allowed.ok) {
        answer(action->id, ControlReply::refused(
                               "this table hides each player's view: its players act as "
                               "themselves at the control socket or the page, not through the "
                               "broker"));
        return;
    }
    spdlog::info("action from the broker: {}", action->action);
    answer(action->id, table_.act(action->action, action->player, action->name));
}

void BrokerActions::answer(const nlohmann::json& id, const ControlReply& reply) {
    nlohmann::ordered_json message = {{"table", broadcast_.table()}, {"id", id}, {"ok", reply.ok}};
    if (reply.ok)
        message["data"] = nlohmann::ordered_json(reply.data);
    else
        message["error"] = reply.error;
    broadcast_.client().publish(broadcast_.topic("done"), jsonText(message), false);
}

}  // namespace arbiter

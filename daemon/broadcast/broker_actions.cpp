#include "daemon/broadcast/broker_actions.h"

#include <spdlog/spdlog.h>

#include "daemon/base/json_text.h"
#include "daemon/broadcast/broker_action.h"
#include "daemon/control/control_protocol.h"

namespace arbiter {

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
        answer(nullptr, ControlReply::refused(error));
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

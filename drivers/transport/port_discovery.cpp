#include "drivers/transport/port_discovery.h"

#include <fmt/format.h>
#include <libserialport.h>

namespace arbiter {

namespace {

std::string text(const char* value) {
    return value ? value : "";
}

std::string transportName(sp_transport transport) {
    switch (transport) {
        case SP_TRANSPORT_USB:
            return "usb";
        case SP_TRANSPORT_BLUETOOTH:
            return "bluetooth";
        case SP_TRANSPORT_NATIVE:
            return "native";
    }
    return "unknown";
}

}  // namespace

std::vector<SerialPortInfo> listSerialPorts(std::string& error) {
    std::vector<SerialPortInfo> result;
    sp_port** ports = nullptr;
    if (sp_list_ports(&ports) != SP_OK) {
        error = "cannot list serial ports";
        if (ports) sp_free_port_list(ports);
        return result;
    }
    for (sp_port** p = ports; *p; ++p) {
        SerialPortInfo info;
        info.path = text(sp_get_port_name(*p));
        info.description = text(sp_get_port_description(*p));
        sp_transport transport = sp_get_port_transport(*p);
        info.transport = transportName(transport);
        if (transport == SP_TRANSPORT_USB) {
            int vendor = 0;
            int product = 0;
            if (sp_get_port_usb_vid_pid(*p, &vendor, &product) == SP_OK) {
                info.vendorId = uint16_t(vendor);
                info.productId = uint16_t(product);
            }
            info.manufacturer = text(sp_get_port_usb_manufacturer(*p));
            info.product = text(sp_get_port_usb_product(*p));
            info.serialNumber = text(sp_get_port_usb_serial(*p));
        }
        result.push_back(std::move(info));
    }
    sp_free_port_list(ports);
    return result;
}

std::string usbId(const SerialPortInfo& port) {
    if (!port.vendorId || !port.productId) return "";
    return fmt::format("{:04x}:{:04x}", *port.vendorId, *port.productId);
}

}  // namespace arbiter

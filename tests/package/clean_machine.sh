#!/usr/bin/env bash
# clean_machine.sh PACKAGE.deb: the package installed on a clean Debian 12, as
# a new user would, with systemd as its init, and a game played through it.
# Not part of ./test (it fetches a Debian system, some 100 MB, and boots it in
# systemd-nspawn, which needs root); run it by hand before a release:
#   sudo tests/package/clean_machine.sh build/package/arbiter_0.1.0_amd64.deb
# It checks, with the real systemd: the service ready and its status line, a
# player of the group arbiter controlling it, moves and an illegal one at
# priority warning, a stop and start resuming the game, an upgrade (a
# reinstall) resuming it too, a second table of the template, the watchdog
# restarting a stalled table, and removal stopping every table.
set -euo pipefail
deb=$(realpath "$1")
root=${CLEAN_ROOT:-/var/tmp/arbiter-clean-machine}
command -v debootstrap >/dev/null && command -v systemd-nspawn >/dev/null ||
    apt-get install -y -q debootstrap systemd-container >/dev/null
rm -rf "$root"
debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,udev,ca-certificates \
    bookworm "$root" http://deb.debian.org/debian >/dev/null
cp "$deb" "$root/root/arbiter.deb"
systemd-nspawn -D "$root" -b --register=no --keep-unit --console=passive -M clean >/dev/null 2>&1 &
nspawn=$!
trap 'kill $nspawn 2>/dev/null; wait $nspawn 2>/dev/null; rm -rf "$root"' EXIT
init=
for _ in $(seq 100); do
    init=$(pgrep -P "$nspawn" -x systemd || true)
    [ -n "$init" ] && break
    sleep 0.1
done
[ -n "$init" ] || { echo "the clean machine did not boot"; exit 1; }
inside() { nsenter -t "$init" -a sh -euc "$1"; }
fail() {
    echo "FAILED: $*"
    inside 'journalctl -u "arbiterd*" --no-pager | tail -20' || true
    exit 1
}
inside 'systemctl is-system-running --wait >/dev/null 2>&1 || true'

inside 'apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q /root/arbiter.deb >/dev/null'
inside 'systemctl is-active arbiterd' || fail "arbiterd.service is not running after install"
# A virtual board on a pty, read by the table as a named board would be.
board() { # NAME: a board at /run/NAME/board, its input /run/NAME/in
    inside "mkdir -p /run/$1 && mkfifo /run/$1/in && chown -R arbiter /run/$1
            (runuser -u arbiter -- sh -c 'tail -f /run/$1/in | arbiter-vboard --link /run/$1/board >/dev/null 2>&1' &)
            sleep 1"
}
board vboard
inside 'adduser --disabled-password --gecos "" alice >/dev/null 2>&1; adduser alice arbiter >/dev/null
        sed -i "s|^device = auto|device = dgt:/run/vboard/board|" /etc/arbiter/arbiter.ini
        systemctl restart arbiterd'
move() { inside "echo $2 > /run/$1/in"; sleep 1.5; }
said() { # UNIT TEXT: waits up to 15 s for the table to say TEXT
    for _ in $(seq 150); do
        inside "journalctl -u $1 --no-pager | grep -qF -- \"$2\"" && return 0
        sleep 0.1
    done
    fail "$1 never said \"$2\""
}
said arbiterd "New game of fide"
move vboard e2-e4; move vboard e7-e5; move vboard g1-f4
inside 'journalctl -u arbiterd -p warning | grep -q "Illegal position: g1f4"' || fail "no warning"
move vboard f4-g1; move vboard g1-f3
inside 'systemctl status arbiterd | grep -q "Status: \"2. Nf3"' || fail "status line"
inside 'runuser -u alice -- arbiterctl status | grep -q "Last moves: 1. e4; 1... e5; 2. Nf3"' ||
    fail "alice cannot see the game"
inside 'systemctl stop arbiterd && systemctl start arbiterd'
inside 'systemctl status arbiterd | grep -q "Status: \"Resumed the game"' || fail "not resumed"
inside 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --reinstall /root/arbiter.deb >/dev/null'
move vboard b8-c6
inside 'runuser -u alice -- arbiterctl status | grep -q "2... Nc6"' || fail "not resumed after upgrade"
board vboard2
inside 'sed "s|^device = .*|device = dgt:/run/vboard2/board|" /etc/arbiter/arbiter.ini > /etc/arbiter/board2.ini
        systemctl enable --now arbiterd@board2 2>/dev/null'
said arbiterd@board2 "New game of fide"
move vboard2 d2-d4
inside 'runuser -u alice -- arbiterctl --socket /run/arbiter/board2.sock status | grep -q "Last moves: 1. d4"' ||
    fail "the second table"
inside 'kill -STOP $(systemctl show -p MainPID --value arbiterd@board2)'
sleep 36
inside 'journalctl -u arbiterd@board2 | grep -q "Watchdog timeout"' || fail "no watchdog"
inside 'systemctl is-active arbiterd@board2 >/dev/null && journalctl -u arbiterd@board2 | grep -q Resumed' ||
    fail "the stalled table was not restarted"
inside 'DEBIAN_FRONTEND=noninteractive apt-get remove -y -q arbiter >/dev/null
        ! systemctl is-active -q arbiterd && ! systemctl is-active -q arbiterd@board2' ||
    fail "a table runs on after removal"
echo "clean machine: installed, played, restarted, upgraded, two tables, watchdog, removed: all as expected"

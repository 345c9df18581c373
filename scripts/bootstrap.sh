# Sourced by ./run and ./test: installs the Debian packages arbiter needs (only
# the missing ones) and builds into build/. Safe to run again and again.

ARBITER_PACKAGES=(
    build-essential cmake ninja-build pkg-config
    libserialport-dev libboost-program-options-dev libspdlog-dev nlohmann-json3-dev
    libgtest-dev libgmock-dev libbenchmark-dev
    espeak-ng
)

arbiter_install_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "arbiter: installing ${missing[*]}" >&2
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}" >&2
}

# arbiter_build DIR [cmake options...]
arbiter_build() {
    local dir=$1
    shift
    cmake -S "$ARBITER_ROOT" -B "$ARBITER_ROOT/$dir" -G Ninja "$@" >/dev/null
    cmake --build "$ARBITER_ROOT/$dir" -j "$(nproc)"
}

#!/usr/bin/env bash
# Builds the Debian package of this tree (docs/install.md): installs what the
# build needs, builds the programs (no tests), and makes the .deb, whose path
# it prints last. Then: sudo apt install ./build-package/package/arbiter_*.deb
#   scripts/package.sh              for this machine (amd64, or arm64 on a Pi)
#   scripts/package.sh --arch arm64 cross-compiled on an amd64 machine with
#                                   Debian's cross toolchain (packaging/cross/),
#                                   into build-package-arm64/
set -euo pipefail
ARBITER_ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ARBITER_ROOT/scripts/bootstrap.sh"
native=$(dpkg --print-architecture)
arch=$native
if [ $# -gt 0 ]; then
    [ $# -eq 2 ] && [ "$1" = --arch ] || { echo "usage: scripts/package.sh [--arch ARCH]" >&2; exit 2; }
    arch=$2
fi

if [ "$arch" = "$native" ]; then
    dir=build-package
    arbiter_install_packages "${ARBITER_PACKAGES[@]}" help2man
    arbiter_build $dir -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF -DARBITER_BENCH=OFF >&2
else
    toolchain=$ARBITER_ROOT/packaging/cross/$arch.cmake
    [ -f "$toolchain" ] || { echo "no cross toolchain for $arch (packaging/cross/)" >&2; exit 2; }
    dir=build-package-$arch
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    # The architecture's libraries beside the machine's own (multiarch).
    dpkg --print-foreign-architectures | grep -qx "$arch" || "${sudo[@]}" dpkg --add-architecture "$arch"
    dev=(libserialport-dev libboost-program-options-dev libboost-dev libspdlog-dev libfmt-dev
         zlib1g-dev libsystemd-dev)
    arbiter_install_packages cmake ninja-build pkg-config help2man nlohmann-json3-dev \
        "crossbuild-essential-$arch" qemu-user-static "${dev[@]/%/:$arch}"
    arbiter_build $dir -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DBUILD_TESTING=OFF -DARBITER_BENCH=OFF >&2
fi
cd "$ARBITER_ROOT/$dir"
rm -rf package
# dpkg-shlibdeps finds the libraries the programs need in the package's own
# architecture's folders.
DEB_HOST_ARCH=$arch cpack -G DEB >&2
ls "$PWD"/package/arbiter_*.deb

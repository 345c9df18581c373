#!/usr/bin/env bash
# Builds the Debian package of this tree (docs/install.md): installs what the
# build needs, builds the programs (no tests) into build-package/, and makes
# build-package/package/arbiter_VERSION_ARCH.deb, whose path it prints last.
# Then: sudo apt install ./build-package/package/arbiter_*.deb
set -euo pipefail
ARBITER_ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ARBITER_ROOT/scripts/bootstrap.sh"
arbiter_install_packages "${ARBITER_PACKAGES[@]}" help2man
arbiter_build build-package -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
    -DARBITER_BENCH=OFF >&2
cd "$ARBITER_ROOT/build-package"
rm -rf package
cpack -G DEB >&2
ls "$PWD"/package/arbiter_*.deb

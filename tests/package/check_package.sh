#!/usr/bin/env bash
# check_package.sh BUILD_DIR: builds the Debian package of this build (CPack,
# packaging/CMakeLists.txt says why) and checks it as Debian would: lintian
# reports no error and no warning, and the unit files pass systemd-analyze
# verify against the package's own files. Leaves the package unpacked in
# BUILD_DIR/package/root, where the PackagedService tests start it.
set -euo pipefail
build=$1
out=$build/package
rm -rf "$out"
if ! log=$(cd "$build" && cpack -G DEB 2>&1); then
    echo "cpack failed:"; echo "$log"; exit 1
fi
debs=("$out"/arbiter_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "expected one package in $out: ${debs[*]}"; exit 1; }
deb=${debs[0]}
echo "package: $deb"

# Root is what CI runs as; lintian's warning about that is no finding.
status=0
said=$(lintian --fail-on error,warning "$deb" 2>&1) || status=$?
said=$(echo "$said" | grep -v "running with root privileges is not recommended" || true)
if [ $status -ne 0 ]; then
    echo "lintian found errors or warnings (exit $status):"; echo "$said"; exit 1
fi
echo "lintian: no error, no warning"

root=$out/root
dpkg-deb -x "$deb" "$root"
# systemd-analyze verify from the package's root, which must hold the units
# every service depends on (sysinit.target...): the machine's own, copied
# beside (symbolic links are refused for some unit types). The template is
# verified as an instance. A warning (an unknown key, say) fails too.
verify=$out/verify-root
cp -a "$root" "$verify"
mkdir -p "$verify/usr/lib/systemd/system"
cp -r --no-clobber /usr/lib/systemd/system/. "$verify/usr/lib/systemd/system/"
units=$verify/usr/lib/systemd/system
cp "$units/arbiterd@.service" "$units/arbiterd@club.service"
said=$(systemd-analyze verify --root="$verify" --man=no "$units/arbiterd.service" \
    "$units/arbiterd@club.service" 2>&1) || { echo "systemd-analyze verify failed:"; echo "$said"; exit 1; }
if [ -n "$said" ]; then
    echo "systemd-analyze verify warned:"; echo "$said"; exit 1
fi
echo "systemd-analyze verify: both units clean"

# Every page the units name in Documentation= is in the package.
for page in $(sed -n 's/^Documentation=//p' "$root"/usr/lib/systemd/system/*.service | tr ' ' '\n' |
              sed -n 's/^man:\(.*\)(\([0-9]\))$/\1.\2/p' | sort -u); do
    section=${page##*.}
    [ -f "$root/usr/share/man/man$section/$page.gz" ] || { echo "no man page $page in the package"; exit 1; }
done
for file in $(sed -n 's/^Documentation=//p' "$root"/usr/lib/systemd/system/*.service | tr ' ' '\n' |
              sed -n 's|^file:||p' | sort -u); do
    [ -f "$root$file" ] || { echo "no $file in the package"; exit 1; }
done
echo "documentation: every page the units name is in the package"

# Cross-compiling for Debian arm64 (a Raspberry Pi) with Debian's own cross
# toolchain (crossbuild-essential-arm64) and the arm64 -dev packages installed
# beside the machine's own (multiarch): scripts/package.sh --arch arm64.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# Libraries and CMake packages from /usr/lib/aarch64-linux-gnu, pkg-config's
# files of arm64 only.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
# The man pages are made by running each program for its --help: through
# qemu (qemu-user-static), which finds the arm64 loader and libraries that
# multiarch installed.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64-static)
set(ARBITER_DEBIAN_ARCH arm64)

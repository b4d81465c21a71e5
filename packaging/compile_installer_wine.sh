#!/usr/bin/env bash
# Compile installer.iss with the real Inno Setup 6 compiler (ISCC.exe from the npm package
# "innosetup") under wine, on Debian, and check that the setup .exe was written.
#
#   packaging/compile_installer_wine.sh                 compile dist/ClerkDesk into the setup
#   packaging/compile_installer_wine.sh --install-test  then install it under wine, install
#                                                       it again over itself, uninstall it, and
#                                                       check the user's data folder is kept
#   packaging/compile_installer_wine.sh --no-compile --install-test
#                                                       the same with the setup already built
#
# Run it as root from anywhere, after freezing (python packaging/freeze.py). It is not part of
# CI: it needs 32-bit wine, hence `dpkg --add-architecture i386` and Debian's i386 package lists,
# and a mirror whose i386 and amd64 lists are in step.
#
# What it proves depends on what dist/ClerkDesk holds. Frozen on Windows (ClerkDesk.exe there),
# the setup is the real installer. Frozen on Linux, the setup packs Linux files: it proves that
# installer.iss compiles with the real compiler and that the installer's own steps (install,
# upgrade in place replacing _internal, uninstall leaving the data) work, not that the program
# runs on Windows; packaging/build_windows.ps1 and .github/workflows/windows.yml do that.
#
# The npm wrapper (innosetup-compiler) exits 0 even when ISCC wrote nothing, so the setup file
# itself is checked. Wine's packages stay installed; to remove them and the i386 architecture:
#   apt-get purge -y 'wine*' && apt-get autoremove --purge -y && \
#   apt-get purge -y '.*:i386' && dpkg --remove-architecture i386 && apt-get update
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

install_test=no
compile=yes
for arg in "$@"; do
  case "$arg" in
    --install-test) install_test=yes ;;
    --no-compile) compile=no ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

say() { echo "== $*"; }

# ---- 32-bit wine from Debian ------------------------------------------------------------------
have_wine32() { dpkg -s wine32:i386 >/dev/null 2>&1 && command -v wine >/dev/null; }
if ! have_wine32; then
  command -v apt-get >/dev/null || { echo "needs Debian's apt-get to install wine" >&2; exit 1; }
  if ! dpkg --print-foreign-architectures | grep -qx i386; then
    say "adding the i386 architecture (dpkg --add-architecture i386)"
    dpkg --add-architecture i386
  fi
  say "apt-get update"
  # An i386 list that fails (a mirror sync in progress) leaves the others usable: go on.
  apt-get update -q || say "apt-get update reported errors; trying with the lists it has"
  wine_packages=(wine wine32:i386 wine64)
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      "${wine_packages[@]}"; then
    # 32-bit and 64-bit copies of a library must be the very same version. When the i386 list
    # of debian-security failed to download, the amd64 side would take security versions the
    # i386 side cannot match; holding debian-security back for this one install lets both sides
    # take the same point-release versions.
    pin=/etc/apt/preferences.d/zz-clerk-desk-wine
    say "retrying with debian-security held back ($pin, removed afterwards)"
    printf 'Package: *\nPin: release l=Debian-Security\nPin-Priority: 100\n' > "$pin"
    trap 'rm -f "$pin"' EXIT
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      "${wine_packages[@]}"
    rm -f "$pin"
    trap - EXIT
  fi
fi
have_wine32 || { echo "32-bit wine could not be installed" >&2; exit 1; }
say "$(wine --version)"

# ---- the compiler from npm ----------------------------------------------------------------------
tools="$ROOT/build/innosetup"
if [ ! -x "$tools/node_modules/.bin/innosetup-compiler" ]; then
  say "npm install innosetup@6 into $tools"
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --no-save innosetup@6 >/dev/null
fi
compiler="$tools/node_modules/.bin/innosetup-compiler"

# ---- compile ----------------------------------------------------------------------------------
version=$(python3 packaging/freeze.py --version)
app_name=$(python3 -c 'import sys; sys.path.insert(0, "packaging"); import freeze; print(freeze.APP_NAME)')
folder="dist/$app_name"
setup="dist/installer/$app_name-$version-setup.exe"
[ -d "$folder" ] || { echo "no $folder: freeze first (python packaging/freeze.py)" >&2; exit 1; }
if [ ! -f "$folder/$app_name.exe" ]; then
  say "NOTE: $folder holds a Linux freeze: the setup will compile and install, but the program"
  say "      in it runs only on Linux. Freeze on Windows for a real installer."
fi

export WINEPREFIX="$ROOT/build/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
if [ "$compile" = yes ]; then
  rm -f "$setup"
  say "compiling installer.iss (Clerk Desk $version) with ISCC under wine"
  started=$(date +%s)
  "$compiler" installer.iss "--DAppVersion=$version" --verbose > build/iscc.log 2>&1 || true
  took=$(( $(date +%s) - started ))
  tail -n 3 build/iscc.log
  if [ ! -s "$setup" ]; then
    echo "FAILED: ISCC wrote no $setup (the wrapper's exit status says nothing); see build/iscc.log" >&2
    grep -iE "error|warning" build/iscc.log >&2 || true
    exit 1
  fi
  say "built $setup ($(du -h "$setup" | cut -f1)) in ${took} s"
fi
[ -s "$setup" ] || { echo "no $setup to install" >&2; exit 1; }

[ "$install_test" = yes ] || exit 0

# ---- install, install again (upgrade in place), uninstall: the user's data stays -----------------
# The setup builds its (hidden) wizard even when silent, and wine needs an X display for that.
if [ -z "${DISPLAY:-}" ]; then
  command -v Xvfb >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    --no-install-recommends xvfb >/dev/null
  Xvfb :77 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  trap 'wineserver -k 2>/dev/null; kill "$xvfb_pid" 2>/dev/null || true' EXIT
  export DISPLAY=:77
  sleep 2
fi
# Wine's prefix says Windows 7 unless told otherwise; the setup wants Windows 10 (MinVersion).
wine winecfg /v win10 >/dev/null 2>&1
# Wine 8 has no per-user program folder (FOLDERID_UserProgramFiles: "Failed to expand shell
# folder constant autopf"), so here the setup installs for all users (/ALLUSERS, into Program
# Files); the per-user default is tried on Windows (packaging/build_windows.ps1 -InstallTest).
winpath() { wine cmd /c "echo $1" 2>/dev/null | tr -d '\r'; }
app_dir=$(winepath -u "$(winpath '%ProgramW6432%')")/"Clerk Desk"  # {autopf}, all users
data_dir=$(winepath -u "$(winpath '%LOCALAPPDATA%')")/ClerkDesk/ClerkDesk  # paths.data_dir()
run_setup() {
  wine "$setup" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /ALLUSERS \
    "/LOG=$(winepath -w "$ROOT/build/setup.log")"
}
say "installing for all users into $app_dir"
run_setup
[ -f "$app_dir/_internal/clerk_desk/resources/fee-schedule.csv" ] || {
  echo "FAILED: not installed; see build/setup.log" >&2; exit 1; }
mkdir -p "$data_dir/backups"
echo "the City's receipts" > "$data_dir/clerk-desk.sqlite3"
touch "$app_dir/_internal/left-by-the-old-version"
say "installing again over it (an upgrade in place)"
run_setup
[ -f "$data_dir/clerk-desk.sqlite3" ] || { echo "FAILED: the upgrade lost the data" >&2; exit 1; }
[ ! -e "$app_dir/_internal/left-by-the-old-version" ] || {
  echo "FAILED: the old program's files were left in _internal" >&2; exit 1; }
say "uninstalling"
wine "$app_dir/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART
for _ in $(seq 60); do [ -e "$app_dir/_internal" ] || break; sleep 1; done
[ ! -e "$app_dir/_internal" ] || { echo "FAILED: the program is still there" >&2; exit 1; }
[ "$(cat "$data_dir/clerk-desk.sqlite3")" = "the City's receipts" ] || {
  echo "FAILED: uninstalling removed the user's data" >&2; exit 1; }
say "installed, upgraded in place and uninstalled; the data folder $data_dir was kept"

#!/usr/bin/env bash
# Install bridgegui into the desktop: the frozen program (from packaging/build.sh), its menu entry,
# icons and AppStream metadata, all under the one application id.
#
#   packaging/install.sh                       frozen program and desktop files into ~/.local
#   packaging/install.sh --prefix /usr/local   the same, system-wide (run as root)
#   packaging/install.sh --desktop-only        only the desktop files, for a pip-installed bridgegui
#
# Why the desktop file is renamed: the repository keeps packaging/bridgegui.desktop (easy to find),
# but the installed file must be <APP_ID>.desktop, because the window tells the desktop its
# id (QGuiApplication.setDesktopFileName) and the AppStream metadata launches that desktop-id;
# Wayland compositors and software centres match the window, the menu entry and the icon by it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
APP_ID=$(sed -n 's/^APP_ID = "\(.*\)"$/\1/p' "$ROOT/bridgegui/__init__.py")
PREFIX="$HOME/.local"
desktop_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX=$2; shift 2 ;;
        --desktop-only) desktop_only=1; shift ;;
        *) echo "usage: $0 [--prefix DIR] [--desktop-only]" >&2; exit 2 ;;
    esac
done
[ -n "$APP_ID" ] || { echo "install.sh: APP_ID not found in bridgegui/__init__.py" >&2; exit 1; }

if [ "$desktop_only" = 0 ]; then
    [ -x "$ROOT/dist/bridgegui/bridgegui" ] || { echo "install.sh: run packaging/build.sh first" >&2; exit 1; }
    rm -rf "$PREFIX/lib/bridgegui"
    mkdir -p "$PREFIX/lib" "$PREFIX/bin"
    cp -a "$ROOT/dist/bridgegui" "$PREFIX/lib/bridgegui"
    ln -sf "$PREFIX/lib/bridgegui/bridgegui" "$PREFIX/bin/bridgegui"
    program="$PREFIX/bin/bridgegui"
else
    program=$(command -v bridgegui || echo bridgegui)
fi

install -Dm644 "$ROOT/packaging/bridgegui.desktop" "$PREFIX/share/applications/$APP_ID.desktop"
# An absolute Exec works even when the prefix's bin folder is not on the session's PATH.
sed -i "s|^Exec=bridgegui|Exec=$program|; s|^TryExec=bridgegui|TryExec=$program|" \
    "$PREFIX/share/applications/$APP_ID.desktop"
install -Dm644 "$ROOT/packaging/$APP_ID.metainfo.xml" "$PREFIX/share/metainfo/$APP_ID.metainfo.xml"
install -Dm644 "$ROOT/packaging/$APP_ID.mime.xml" "$PREFIX/share/mime/packages/$APP_ID.xml"
install -Dm644 "$ROOT/resources/icons/bridgegui.svg" "$PREFIX/share/icons/hicolor/scalable/apps/$APP_ID.svg"
for png in "$ROOT"/resources/icons/hicolor/*/apps/"$APP_ID".png; do
    size=$(basename "$(dirname "$(dirname "$png")")")
    install -Dm644 "$png" "$PREFIX/share/icons/hicolor/$size/apps/$APP_ID.png"
done

# Refresh the caches where the tools exist; a missing tool only delays the menu entry's icon.
command -v update-desktop-database >/dev/null && update-desktop-database -q "$PREFIX/share/applications" || true
command -v update-mime-database >/dev/null && update-mime-database "$PREFIX/share/mime" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$PREFIX/share/icons/hicolor" || true
echo "installed $APP_ID into $PREFIX"

#!/usr/bin/env bash
# Build the wheel and the one-folder desktop application.
#
#   packaging/build.sh
#
# Produces
#   build/packaging/wheel/bridgegui-<version>-py3-none-any.whl   the wheel (pip install it anywhere)
#   dist/bridgegui/                                              the frozen program: run dist/bridgegui/bridgegui
#
# Needs pip (the wheel is built in pip's isolated build environment) and PyInstaller, a build tool
# rather than a dependency: `python3 -m pip install pyinstaller`.  Then run packaging/check.sh.
#
# BRIDGEGUI_FREEZE_DD=1 packaging/build.sh also bundles double-dummy analysis (endplay, with the
# matplotlib it imports: about 40 MB more); endplay must be installed where PyInstaller runs.
#
# The sources are copied first (the files git tracks plus new, not-ignored ones), so that setuptools'
# build/ and *.egg-info folders never land in the working tree and a deleted module cannot linger in
# a stale build/lib.  The frozen program is made from the unpacked wheel (see bridgegui.spec).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT="$ROOT/build/packaging"
PYTHON=${PYTHON:-python3}

if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
    echo "build.sh: PyInstaller is not installed: $PYTHON -m pip install pyinstaller" >&2
    exit 1
fi

rm -rf "$OUT/src" "$OUT/wheel" "$OUT/wheel-root"
mkdir -p "$OUT/src"
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard) |
        (cd "$ROOT" && "$PYTHON" -c '
import shutil, sys
from pathlib import Path
out = Path(sys.argv[1])
for name in sys.stdin.buffer.read().decode().split("\0"):
    if name and Path(name).is_file():  # skip files deleted but not yet committed
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(name, out / name)
' "$OUT/src")
else
    cp -a "$ROOT/." "$OUT/src/"
    rm -rf "$OUT/src/build" "$OUT/src/dist"
fi

echo "== wheel"
"$PYTHON" -m pip wheel --quiet --no-deps --wheel-dir "$OUT/wheel" "$OUT/src"
WHEEL=$(ls "$OUT"/wheel/bridgegui-*.whl)
echo "$WHEEL"
"$PYTHON" -m zipfile -e "$WHEEL" "$OUT/wheel-root"

echo "== one-folder application"
start=$(date +%s)
BRIDGEGUI_WHEEL_ROOT="$OUT/wheel-root" "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --workpath "$OUT/work" --distpath "$ROOT/dist" "$ROOT/packaging/bridgegui.spec"
# PyInstaller's strip=True would also strip numpy's bundled OpenBLAS, which then fails to load; strip only
# the Python library, which a self-built Python (pyenv) ships with its debugging symbols (about 18 MB).
if command -v strip >/dev/null; then
    for lib in "$ROOT"/dist/bridgegui/_internal/libpython3*.so*; do
        [ -f "$lib" ] && [ ! -L "$lib" ] && strip --strip-unneeded "$lib"
    done
fi
echo "dist/bridgegui ($(du -sh "$ROOT/dist/bridgegui" | cut -f1), built in $(($(date +%s) - start)) s)"

#!/usr/bin/env bash
# Check the builds that packaging/build.sh made, as a user would run them.  Takes a few minutes (the
# wheel test installs PySide6 into a new virtual environment), so it is not part of the default
# pytest run.
#
#   packaging/check.sh            frozen program, then the wheel in a fresh venv
#   packaging/check.sh --frozen   only the frozen program
#   packaging/check.sh --wheel    only the wheel
#
# Frozen program (dist/bridgegui): copied to a temporary folder and started there with an empty
# environment (no PYTHONPATH, no virtual environment, PATH without Python's folders) and the offscreen
# platform, with --self-test: it deals a constrained set, saves and reloads it as PBN, prints PDFs and
# loads presets and icons.  Reports the folder's size, its size as a .tar.gz, and start-up times.
#
# Wheel (build/packaging/wheel/*.whl): `pip install` into a fresh venv (dependencies from the index),
# then, from a folder outside the checkout, `bridgegui --self-test`, `bridgegui-deal --version` and a
# small `bridgegui-deal` run.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-python3}
RUNS=${RUNS:-3}
SELF_TEST_TIMEOUT=${SELF_TEST_TIMEOUT:-60}
do_frozen=1
do_wheel=1
case "${1:-}" in
    --frozen) do_wheel=0 ;;
    --wheel) do_frozen=0 ;;
    "") ;;
    *) echo "usage: $0 [--frozen|--wheel]" >&2; exit 2 ;;
esac

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bridgegui-check.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Milliseconds since the epoch (GNU date).
now_ms() { date +%s%3N; }

if [ "$do_frozen" = 1 ]; then
    echo "== frozen program"
    APP="$ROOT/dist/bridgegui"
    if [ ! -x "$APP/bridgegui" ]; then
        fail "no frozen program at dist/bridgegui: run packaging/build.sh"
    else
        cp -a "$APP" "$WORK/app"
        size=$(du -sh "$WORK/app" | cut -f1)
        files=$(find "$WORK/app" -type f | wc -l)
        packed=$(tar -C "$WORK" -czf - app | wc -c)
        echo "size: $size in $files files; $((packed / 1024 / 1024)) MiB as .tar.gz"
        times=""
        for run in $(seq "$RUNS"); do
            start=$(now_ms)
            if output=$(cd "$WORK" && env -i HOME="$WORK" PATH=/usr/bin:/bin LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
                timeout "$SELF_TEST_TIMEOUT" "$WORK/app/bridgegui" --self-test 2>&1); then
                times="$times $(($(now_ms) - start))"
            else
                fail "frozen self-test (run $run): $output"
                break
            fi
        done
        echo "$output"
        if [ -n "$times" ]; then
            echo "start-up to self-test passed, ms (first run first):$times"
        fi
    fi
fi

if [ "$do_wheel" = 1 ]; then
    echo "== wheel in a fresh virtual environment"
    WHEEL=$(ls "$ROOT"/build/packaging/wheel/bridgegui-*.whl 2>/dev/null | head -n 1 || true)
    if [ -z "$WHEEL" ]; then
        fail "no wheel in build/packaging/wheel: run packaging/build.sh"
    else
        "$PYTHON" -m venv "$WORK/venv"
        start=$(now_ms)
        if ! "$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$WHEEL" >"$WORK/pip.log" 2>&1; then
            fail "pip install of $(basename "$WHEEL"): $(tail -n 5 "$WORK/pip.log")"
        else
            echo "installed $(basename "$WHEEL") with its dependencies in $((($(now_ms) - start) / 1000)) s"
            cd "$WORK"  # away from the checkout, so only the installed copy can be imported
            export QT_QPA_PLATFORM=offscreen
            if out=$(timeout "$SELF_TEST_TIMEOUT" "$WORK/venv/bin/bridgegui" --self-test 2>&1); then
                echo "$out"
            else
                fail "bridgegui --self-test (exit $?; a timeout means main() opened the window instead): $out"
            fi
            if out=$("$WORK/venv/bin/bridgegui-deal" --version 2>&1); then
                echo "$out"
            else
                fail "bridgegui-deal --version: $out"
            fi
            if "$WORK/venv/bin/bridgegui-deal" -q -p 2 -s 1 --north "hcp 15-17, balanced" -o "$WORK/two.pbn" &&
                grep -q '\[Board "2"\]' "$WORK/two.pbn"; then
                echo "bridgegui-deal wrote two boards"
            else
                fail "bridgegui-deal -p 2 did not write two boards"
            fi
            if "$WORK/venv/bin/bridgegui-deal" --help | grep -q -- "--pdf"; then
                if "$WORK/venv/bin/bridgegui-deal" -q -p 4 -s 1 --pdf "$WORK/records.pdf" --sheets records -o "$WORK/x.pbn" &&
                    head -c 4 "$WORK/records.pdf" | grep -q "%PDF"; then
                    echo "bridgegui-deal --pdf wrote hand records"
                else
                    fail "bridgegui-deal --pdf --sheets records"
                fi
            fi
            cd "$ROOT"
        fi
    fi
fi

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all checks passed"

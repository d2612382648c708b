"""``python -m bridgegui`` flags that must work without a display: --version, --help, --self-test."""

import subprocess
import sys

import pytest

from bridgegui import __main__ as entry
from bridgegui import __version__


def test_version_and_help(capsys):
    assert entry.main(["bridgegui", "--version"]) == 0
    assert capsys.readouterr().out.strip() == f"bridgegui {__version__}"
    assert entry.main(["bridgegui", "--help"]) == 0
    assert "--self-test" in capsys.readouterr().out


def test_self_test_passes_in_a_fresh_process():
    result = subprocess.run(
        [sys.executable, "-m", "bridgegui", "--self-test"], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "self-test passed" in result.stdout


HOSTILE_FILES = {
    "utf16-odd.pbn": b"\xff\xfe" + '[Event "x"]\n[Board "1"]\n'.encode("utf-16-le") + b"A",
    "long-board.pbn": b'[Event "x"]\n[Board "' + b"7" * 5000 + b'"]\n',
    "huge-value.pbn": b'[Event "' + b"x" * 2_000_000 + b'"]\n',
    "inheritance.pbn": "".join(f'[X{k} "##v"]\n' for k in range(1000)).encode()
    + b"".join(b'[Board "%d"]\n\n' % i for i in range(1, 1001)),
    "binary.pbn": bytes(range(256)) * 8,
}


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about the error box
def test_a_malformed_file_on_the_command_line_is_reported_in_the_window(qtbot, tmp_path):
    """``bridgegui bad.pbn``: the window opens and says what is wrong, never a traceback."""
    for name, data in HOSTILE_FILES.items():
        path = tmp_path / name
        path.write_bytes(data)
        window = entry.open_window(["bridgegui", str(path)])
        qtbot.addWidget(window)
        qtbot.waitUntil(lambda w=window: w.built)
        assert window.board_model.rowCount() == 0, name
        assert window.last_error and name in window.last_error, name
        assert len(window.last_error) < 600, name
        window.close()

"""What the command line reads is a file of a sane size: a FIFO, ``/dev/zero`` or a huge file exit 2 at once;
what it cannot write (a folder, a full device, no permission) it says in words, naming the file, with exit 1."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridgegui.cli import deal as deal_cli

ROOT = Path(__file__).resolve().parents[1]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = deal_cli.main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_a_dealer_script_that_is_a_fifo_exits_2(fifo_path: Path) -> None:
    code, out, err = run(str(fifo_path))
    assert code == 2 and out == ""
    assert "named pipe" in err and "regular file" in err and err.count("\n") == 1


def test_a_fifo_in_a_mixed_set_exits_2(fifo_path: Path, tmp_path: Path) -> None:
    script = tmp_path / "a.dl"
    script.write_text("produce 1\n")
    code, _out, err = run("-p", "2", str(script), str(fifo_path))
    assert code == 2 and "named pipe" in err


def test_a_dealer_script_over_the_limit_exits_2_naming_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.dl"
    with open(big, "wb") as f:
        f.truncate(11 * 1024 * 1024)
    code, _out, err = run(str(big))
    assert code == 2 and "more than the 10 MB a dealer script may have" in err


@pytest.mark.skipif(not os.path.exists("/dev/zero") or sys.platform != "linux", reason="Linux: /dev/zero, rlimit")
def test_dev_zero_as_a_dealer_script_exits_2_without_filling_the_memory() -> None:
    """Under a 2 GB address-space limit, reading ``/dev/zero`` whole would end in a MemoryError (exit 1)."""
    code = "import sys; from bridgegui.cli.deal import main; sys.exit(main())"

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))

    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code, "/dev/zero"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        preexec_fn=limit,  # the child sets its own memory limit before Python starts
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert "character device" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("source", ["preset:" + "x" * 100_000, "x" * 100_000 + ".dl"])
def test_a_huge_name_is_cut_in_the_message(source: str) -> None:
    code, _out, err = run("-p", "2", source)
    assert code == 2 and len(err) < 2_000 and "…" in err


def test_a_huge_script_path_is_cut_in_the_message() -> None:
    code, _out, err = run("y" * 100_000 + ".dl")
    assert code == 2 and len(err) < 2_000 and "…" in err


# --- writing -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("flags", [["-o"], ["--format", "text", "-o"]])  # --pdf: test_cli's full-disk test
def test_output_to_a_folder_says_it_is_a_folder_not_errno_21(tmp_path: Path, flags: list[str]) -> None:
    """``bridgegui-deal -o /tmp`` printed "[Errno 21] Is a directory: '/tmp'" (s24 trial, item 8)."""
    code, _out, err = run("-p", "2", "-s", "1", "-q", *flags, str(tmp_path))
    assert code == deal_cli.EXIT_IO
    assert (
        err == f"bridgegui-deal: cannot write {tmp_path}: it is a folder, not a file: name a file to write "
        "(a new name inside the folder will do)\n"
    )
    assert tmp_path.is_dir() and list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_device_says_the_disk_is_full_not_errno_28() -> None:
    code, _out, err = run("-p", "2", "-s", "1", "-q", "-o", "/dev/full")
    assert code == deal_cli.EXIT_IO
    assert err.startswith("bridgegui-deal: cannot write /dev/full: the disk is full (No space left on device): ")
    assert "[Errno" not in err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write in any folder")
def test_a_folder_without_write_permission_says_so_and_keeps_the_old_file(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    target = folder / "set.pbn"
    target.write_text("last week's boards\n")
    folder.chmod(0o500)
    try:
        code, _out, err = run("-p", "2", "-s", "1", "-q", "-o", str(target))
    finally:
        folder.chmod(0o700)
    assert code == deal_cli.EXIT_IO
    assert (
        err.startswith(f"bridgegui-deal: cannot write {target}: you may not write there (Permission denied): ")
        and "[Errno" not in err
    )
    assert target.read_text() == "last week's boards\n"


def test_a_missing_folder_says_to_create_it() -> None:
    code, _out, err = run("-p", "1", "-q", "-o", "/nonexistent-folder-s24/set.pbn")
    assert code == deal_cli.EXIT_IO
    assert err == (
        "bridgegui-deal: cannot write /nonexistent-folder-s24/set.pbn: "
        "its folder does not exist: create the folder first, or choose another\n"
    )


def test_a_booklet_to_a_folder_says_it_is_a_folder(tmp_path: Path) -> None:
    from bridgegui.cli import system as system_cli

    err = io.StringIO()
    code = system_cli.main(["booklet", "sayc", "--format", "bml", "-o", str(tmp_path)], stderr=err)
    assert code != 0
    assert err.getvalue().startswith(f"bridgegui-system: cannot write {tmp_path}: it is a folder, not a file: ")

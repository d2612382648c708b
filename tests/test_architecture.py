"""Layering and lint checks: the engine and formats import no Qt; the tree is ruff-clean."""

import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_formats_import_without_qt():
    """Import every engine and formats module with PySide6 blocked (house style: layers depend one way)."""
    code = textwrap.dedent(
        """
        import importlib, pkgutil, sys

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6"):
                    raise ImportError("Qt is not allowed here: " + name)
                return None

        sys.meta_path.insert(0, Block())
        import bridgegui.engine, bridgegui.formats
        for package in (bridgegui.engine, bridgegui.formats):
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                importlib.import_module(info.name)
        import bridgegui.cli.deal
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def _test_tool(name: str) -> str:
    """A tool of the test extras: beside this interpreter (the test venv, whether or not it is on PATH),
    else on PATH.  Missing is a failure, not a skip: a check that silently does not run is no check."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    assert found is not None, f"{name} is not installed: it is in the test extras (pip install '.[test]')"
    return found


def test_ruff_clean():
    ruff = _test_tool("ruff")
    result = subprocess.run(
        [ruff, "check", "--quiet", "bridgegui", "tests"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_package_is_listed_for_the_wheel():
    """pyproject lists packages explicitly (resources/ is mapped in): a new subpackage must be added."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "bridgegui").rglob("__init__.py")
        if "__pycache__" not in path.parts
    }
    assert found - listed == set(), f"add these to [tool.setuptools] packages: {sorted(found - listed)}"


def test_mypy_clean():
    """The whole package type-checks; engine and formats also with ``disallow_untyped_defs`` (pyproject)."""
    mypy = _test_tool("mypy")
    result = subprocess.run([mypy, "bridgegui"], capture_output=True, text=True, cwd=ROOT, check=False, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


# Layers depend one way: ui -> workers -> printing/formats -> engine; the front ends (ui, cli) never
# import each other.  Each entry: a part of the package, and what no module in it may import.
FORBIDDEN_IMPORTS = {
    "bridgegui.engine": (
        "bridgegui.ui",
        "bridgegui.workers",
        "bridgegui.printing",
        "bridgegui.formats",
        "bridgegui.cli",
        "PySide6",
    ),
    "bridgegui.formats": ("bridgegui.ui", "bridgegui.workers", "bridgegui.printing", "bridgegui.cli", "PySide6"),
    "bridgegui.printing": ("bridgegui.ui", "bridgegui.workers", "bridgegui.cli", "PySide6.QtWidgets"),
    "bridgegui.workers": ("bridgegui.ui", "bridgegui.cli", "PySide6.QtWidgets"),
    "bridgegui.ui": ("bridgegui.cli",),
    "bridgegui.set_sources": ("bridgegui.ui", "bridgegui.workers", "bridgegui.cli", "PySide6"),
    "bridgegui.cli": ("bridgegui.ui", "bridgegui.workers", "PySide6.QtWidgets"),
    # The command line's dealing, bidding and system commands load no Qt at all (only the booklet's PDF
    # writer draws with QtGui).
    **{
        f"bridgegui.cli.{name}": ("bridgegui.ui", "bridgegui.workers", "PySide6")
        for name in ("deal", "bidding", "inference", "sets", "system", "terminal")
    },
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module a file imports (at any depth: lazy imports inside functions count too)."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _is_under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_layers_depend_one_way():
    broken = []
    for path in sorted((ROOT / "bridgegui").rglob("*.py")):
        module = _module_name(path)
        for part, forbidden in FORBIDDEN_IMPORTS.items():
            if not _is_under(module, part):
                continue
            for name in _imports(path):
                bad = [f for f in forbidden if _is_under(name, f)]
                if bad:
                    broken.append(f"{module} imports {name}")
    assert broken == []


def test_the_layer_check_sees_a_front_end_importing_another(tmp_path: Path):
    """The check above must be able to fail: a ui module importing the command line is caught."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from bridgegui.cli import main\n    from bridgegui import cli\n")
    names = _imports(sample)
    assert any(_is_under(n, "bridgegui.cli") for n in names)


LONGEST_MODULE = 800
"""Lines: past this a module holds more than one concern (the dealer-script parser may stay one class)."""


def test_no_module_is_a_god_module():
    exempt = {"bridgegui.engine.script.parser"}
    long = {
        _module_name(p): n
        for p in (ROOT / "bridgegui").rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE and _module_name(p) not in exempt
    }
    assert long == {}
    window = ROOT / "bridgegui" / "ui" / "mainwindow" / "window.py"
    # 750: the window also builds itself in two steps (the frame paints before the parts load).
    assert len(window.read_text(encoding="utf-8").splitlines()) < 750, "window.py only assembles the parts"


TOP_LEVEL_MODULES = 8
"""Modules directly under ``bridgegui/``: the parts live in packages (engine, formats, printing, workers, ui,
cli, devtools), so the folder list shows the architecture."""


def test_the_top_level_shows_the_parts():
    loose = sorted(p.name for p in (ROOT / "bridgegui").glob("*.py"))
    assert len(loose) <= TOP_LEVEL_MODULES, loose
    packages = {p.parent.name for p in (ROOT / "bridgegui").glob("*/__init__.py")}
    assert {"cli", "devtools", "engine", "formats", "printing", "ui", "workers"} <= packages


def test_no_two_modules_share_a_name_that_says_too_little():
    """Three ``dealing.py`` or two ``jobs.py`` make a reader open each to learn which is which."""
    vague = {"dealing.py", "jobs.py", "actions.py", "lesson.py", "backward.py"}
    names: dict[str, list[str]] = {}
    for path in (ROOT / "bridgegui").rglob("*.py"):
        names.setdefault(path.name, []).append(_module_name(path))
    assert {name: where for name, where in names.items() if name in vague and len(where) > 1} == {}


# -- the main window's parts depend on models, not on the window -----------------------------------

MAINWINDOW = ROOT / "bridgegui" / "ui" / "mainwindow"

MODULES_NAMING_THE_WINDOW = 3
"""``__init__`` (which exports it), ``window`` (which assembles it) and ``window_layout`` (the window's own
geometry and docks): every other part takes the models and services it uses, so reading one part never
needs the whole window (napari's widgets take the model they show, never the viewer)."""


def _modules_naming_the_window(folder: Path) -> list[str]:
    """The modules of ``folder`` whose text names ``MainWindow`` (as ``grep -l MainWindow`` finds them)."""
    return sorted(p.name for p in folder.glob("*.py") if "MainWindow" in p.read_text(encoding="utf-8"))


def _import_cycles(folder: Path, package: str) -> list[list[str]]:
    """The import circles among the modules of ``folder`` (every import counts, lazy or for type checking)."""
    names = {p.stem for p in folder.glob("*.py")}
    graph = {
        p.stem: sorted(
            {n[len(package) + 1 :].split(".")[0] for n in _imports(p) if n.startswith(package + ".")} & names - {p.stem}
        )
        for p in folder.glob("*.py")
    }
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for other in graph[module]:
            if state.get(other) == 1:
                cycles.append([*stack[stack.index(other) :], other])
            elif other not in state:
                visit(other)
        state[module] = 2
        stack.pop()

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return cycles


def test_few_modules_of_the_main_window_name_it():
    assert len(_modules_naming_the_window(MAINWINDOW)) <= MODULES_NAMING_THE_WINDOW, _modules_naming_the_window(
        MAINWINDOW
    )


def test_the_main_window_parts_import_no_circle():
    assert _import_cycles(MAINWINDOW, "bridgegui.ui.mainwindow") == []


def test_the_window_checks_see_a_part_reaching_through_the_window(tmp_path: Path):
    """Both checks above must be able to fail: a part that takes the window and is imported back."""
    (tmp_path / "window.py").write_text("from pkg.part import Part\nclass MainWindow: ...\n")
    (tmp_path / "part.py").write_text(
        "import typing\nif typing.TYPE_CHECKING:\n    from pkg.window import MainWindow\n"
    )
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.py").write_text("def f(window: 'MainWindow') -> None: ...\n")
    assert len(_modules_naming_the_window(tmp_path)) == 5
    assert _import_cycles(tmp_path, "pkg") == [["part", "window", "part"]]


# -- one job runner ---------------------------------------------------------------------------------

THREAD_PRIMITIVES = ("QThreadPool", "QRunnable", "QThread", "threading.Thread")


def _thread_owners(root: Path) -> set[str]:
    """Modules that make threads themselves (rather than through the job runner)."""
    return {
        _module_name(p) if p.is_relative_to(ROOT) else p.stem
        for p in root.rglob("*.py")
        if any(f"{name}(" in p.read_text(encoding="utf-8") for name in THREAD_PRIMITIVES)
    }


def _runner_wrappers(root: Path) -> list[str]:
    """Classes that hold two or more ``JobRunner`` s of their own: a second runner layered on the first
    (as a dealing service once was), whose results a window then has to check again."""
    import ast

    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                made = [
                    call
                    for call in ast.walk(node)
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "JobRunner"
                ]
                if len(made) > 1:
                    found.append(node.name)
    return found


def test_one_job_runner():
    """Every background job of the package runs on ``workers.job_runner.JobRunner``: no other module makes
    threads, and no class stacks runners (Picard's ``run_task`` is the whole interface)."""
    assert _thread_owners(ROOT / "bridgegui") == {"bridgegui.workers.job_runner"}
    assert _runner_wrappers(ROOT / "bridgegui") == []


def test_the_runner_check_sees_a_second_runner(tmp_path: Path):
    (tmp_path / "service.py").write_text(
        "class DealingService:\n"
        "    def __init__(self):\n"
        "        self.a = JobRunner('dealing')\n"
        "        self.b = JobRunner('feedback')\n"
        "        self.pool = QThreadPool()\n"
    )
    assert _runner_wrappers(tmp_path) == ["DealingService"]
    assert _thread_owners(tmp_path) == {"service"}


def _second_writers(names: Iterable[str]) -> list[str]:
    """Module names in ``formats/`` that say they hold a second writer beside a format's own module."""
    return sorted(n for n in names if n.endswith("_stream.py") or n.startswith(("batch_", "stream_")))


def test_one_module_per_format():
    """endplay's ``parsers/lin.py`` is the model: a format's reader, writer and streaming writer live in
    one module, so no second writer has to be kept byte-identical with the first."""
    import importlib

    from bridgegui.formats import registry

    assert _second_writers(p.name for p in (ROOT / "bridgegui" / "formats").glob("*.py")) == []
    for fmt in registry.FORMATS.values():
        module = importlib.import_module(fmt.module)
        names = ("dumps", "loads") if fmt.readable else ("dumps",)
        names += ("begin", "write_batch", "end") if fmt.streams else ()
        assert [name for name in names if not hasattr(module, name)] == [], fmt.module


def test_the_format_check_sees_a_second_writer():
    assert _second_writers(["pbn.py", "pbn_stream.py", "batch_text.py", "_batch.py", "text.py"]) == [
        "batch_text.py",
        "pbn_stream.py",
    ]

"""Packaging files: one application id everywhere, valid desktop and AppStream files, icons, build scripts.

The slow checks (building the wheel and the frozen program, starting it) are packaging/build.sh and
packaging/check.sh, which are not run here.  desktop-file-validate and appstreamcli come from the Debian
packages desktop-file-utils and appstream; their tests skip when those are not installed.
"""

from __future__ import annotations

import ast
import configparser
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import bridgegui
from bridgegui import APP_ID
from bridgegui.resource_files import resource

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
DESKTOP = PACKAGING / "bridgegui.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
SCRIPTS = ("build.sh", "check.sh", "install.sh")


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign] # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def test_the_id_is_reverse_dns() -> None:
    assert re.fullmatch(r"[a-z]+(\.[a-z0-9_]+)+\.[A-Za-z][A-Za-z0-9_]*", APP_ID)


def test_one_id_everywhere() -> None:
    """Desktop file icon, AppStream id, its launchable and icon, the icon files, the spec and install.sh."""
    root = metainfo()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable[@type='desktop-id']") == f"{APP_ID}.desktop"
    assert root.findtext("icon[@type='stock']") == APP_ID
    assert desktop_entry()["Icon"] == APP_ID
    for size in ICON_SIZES:
        assert (ROOT / "resources" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert APP_ID in (PACKAGING / "bridgegui.spec").read_text(encoding="utf-8")
    install = (PACKAGING / "install.sh").read_text(encoding="utf-8")
    assert '"$PREFIX/share/applications/$APP_ID.desktop"' in install  # installed under the id
    assert "bridgegui/__init__.py" in install  # ... which it reads from the one place it is defined


def test_desktop_file_and_metainfo_agree() -> None:
    entry = desktop_entry()
    root = metainfo()
    assert entry["Name"] == root.findtext("name")
    assert entry["Exec"].split()[0] == bridgegui.APP_NAME
    assert entry["Exec"].split()[1:] == ["%f"]  # a .pbn file from the file manager opens in the window
    assert entry["MimeType"] == "text/x-pbn;"
    assert {c.text for c in root.iter("category")} == set(filter(None, entry["Categories"].split(";")))
    assert bridgegui.APP_NAME in {b.text for b in root.iter("binary")}


def test_metainfo_lists_this_version() -> None:
    """Bumping ``__version__`` needs a <release> entry (software centres show it)."""
    versions = [r.get("version") for r in metainfo().iter("release")]
    assert versions[0] == bridgegui.__version__


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_desktop_file_validates_as_shipped_and_as_installed(tmp_path: Path) -> None:
    installed = tmp_path / f"{APP_ID}.desktop"
    shutil.copy(DESKTOP, installed)
    for path in (DESKTOP, installed):
        result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True, check=False)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_metainfo_validates() -> None:
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert not re.search(r"^[EW]:", result.stdout, re.M), result.stdout


@pytest.mark.usefixtures("qapp")
def test_icons_are_shipped_in_the_package_and_have_their_sizes() -> None:
    """Found through ``resource_files`` (as an installed wheel or a frozen build finds them)."""
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QImage
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(resource("icons", "bridgegui.svg").read_bytes()))
    assert renderer.isValid()
    assert renderer.defaultSize().width() == renderer.defaultSize().height()
    for size in ICON_SIZES:
        image = QImage()
        assert image.loadFromData(resource("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png").read_bytes())
        assert (image.width(), image.height()) == (size, size)
        assert image.hasAlphaChannel()


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_are_executable_bash(name: str) -> None:
    path = PACKAGING / name
    assert path.stat().st_mode & 0o111, f"{name} is not executable"
    if shutil.which("bash"):
        result = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr


def test_spec_and_launcher_parse_and_name_the_entry_points() -> None:
    spec = (PACKAGING / "bridgegui.spec").read_text(encoding="utf-8")
    ast.parse(spec)
    assert "launcher.py" in spec and 'name="bridgegui"' in spec
    assert "PySide6.QtNetwork" in spec  # unused Qt modules are excluded
    launcher = (PACKAGING / "launcher.py").read_text(encoding="utf-8")
    ast.parse(launcher)
    assert "--self-test" in launcher and "bridgegui.__main__" in launcher
    check = (PACKAGING / "check.sh").read_text(encoding="utf-8")
    assert "--self-test" in check and 'bridgegui-deal" --version' in check and "pip install" in check


def test_install_sh_installs_the_desktop_files_under_the_id(tmp_path: Path) -> None:
    if shutil.which("bash") is None or shutil.which("install") is None:
        pytest.skip("needs bash and install(1)")
    result = subprocess.run(
        ["bash", str(PACKAGING / "install.sh"), "--desktop-only", "--prefix", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    share = tmp_path / "share"
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in ICON_SIZES:
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    if shutil.which("desktop-file-validate"):
        installed = share / "applications" / f"{APP_ID}.desktop"
        check = subprocess.run(["desktop-file-validate", str(installed)], capture_output=True, text=True, check=False)
        assert check.returncode == 0, check.stdout


def test_pbn_files_have_a_mime_type_the_desktop_file_claims() -> None:
    import xml.etree.ElementTree as ET

    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    root = ET.parse(PACKAGING / f"{APP_ID}.mime.xml").getroot()
    mime = root.find("m:mime-type", ns)
    assert mime is not None and mime.get("type") == "text/x-pbn"
    assert [g.get("pattern") for g in mime.findall("m:glob", ns)] == ["*.pbn"]
    assert desktop_entry()["MimeType"].rstrip(";").split(";") == ["text/x-pbn"]
    install = (PACKAGING / "install.sh").read_text()
    assert '"$PREFIX/share/mime/packages/$APP_ID.xml"' in install


def _run_installed(code: str, folder: Path) -> str:
    """``code`` run by this Python with the *installed* bridgegui (a wheel or an editable install): in
    isolated mode (``-I``) from an empty folder, so that neither ``python -m pytest`` (which puts the
    checkout first on ``sys.path``, where ``bridgegui.resources`` is not a package) nor ``PYTHONPATH``
    decides which copy is tested.  Skipped, saying why, when bridgegui is not installed at all."""
    import subprocess
    import sys

    probe = subprocess.run([sys.executable, "-I", "-c", "import bridgegui.resources"], cwd=folder, capture_output=True)
    if probe.returncode != 0:
        pytest.skip("bridgegui is not installed (only a checkout on sys.path): the installed layout cannot be checked")
    done = subprocess.run([sys.executable, "-I", "-c", code], cwd=folder, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_resources_are_the_packages_folder_and_loading_a_system_skips_importlib_resources(tmp_path: Path) -> None:
    """On disk (a wheel, an editable install, a frozen build's data) the resources are the package's
    own folder, read as plain paths: loading a shipped system does not import ``importlib.resources``
    (and the ``zipfile`` and ``tempfile`` it imports), which cost a short ``--auction`` run 8 ms."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "import bridgegui.resources\n"
        "from bridgegui.resource_files import resource_root\n"
        "assert resource_root() == Path(bridgegui.resources.__path__[0]), resource_root()\n"
        "from bridgegui.engine.bidding import load_system\n"
        "from bridgegui.engine.bidding.calls import Auction\n"
        "load_system('sayc').rules_for(Auction('N'))\n"
        "print(sorted({'importlib.resources', 'zipfile'} & set(sys.modules)))\n"
    )
    assert _run_installed(code, tmp_path) == "[]"


def test_resources_inside_an_archive_are_read_through_importlib_resources(tmp_path: Path) -> None:
    """A package with no folder on disk (inside a zip archive) is asked through ``importlib.resources``."""
    code = (
        "import importlib.resources\n"
        "import bridgegui.resources\n"
        "from bridgegui.resource_files import resource\n"
        "asked = []\n"
        "files = importlib.resources.files\n"
        "def spy(package):\n"
        "    asked.append(package)\n"
        "    return files(package)\n"
        "importlib.resources.files = spy\n"
        "bridgegui.resources.__path__ = ['/nonexistent/archive.zip/bridgegui/resources']\n"
        "assert resource('systems', 'sayc.system').read_text(encoding='utf-8').startswith('version: 2')\n"
        "print(asked == [bridgegui.resources])\n"
    )
    assert _run_installed(code, tmp_path) == "True"

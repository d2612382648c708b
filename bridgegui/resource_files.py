"""Find shipped resources (icons, styles, presets) in an installed wheel, a frozen build or a checkout.

The package ``bridgegui.resources`` is a folder on disk in every way bridgegui is installed here (a
wheel, an editable install, a frozen build's data folder), and then its ``__path__`` names it and a
plain ``Path`` serves: ``importlib.resources`` (with ``zipfile`` and ``tempfile``, which it imports) costs
a command that reads one system file about 8 ms of its start.  A package inside a zip archive has no
such folder, and only then is ``importlib.resources`` asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def resource_root() -> Traversable:
    """The ``resources`` folder: the installed package ``bridgegui.resources`` or the checkout's copy."""
    try:
        import bridgegui.resources as package
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "resources"
    for entry in getattr(package, "__path__", ()):
        folder = Path(entry)
        if folder.is_dir():
            return folder
    from importlib import resources

    return resources.files(package)


def resource(*parts: str) -> Traversable:
    node = resource_root()
    for part in parts:
        node = node / part
    return node

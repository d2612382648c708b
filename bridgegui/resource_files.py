"""Find shipped resources (icons, styles, presets) in an installed wheel, a frozen build or a checkout."""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from pathlib import Path


def resource_root() -> Traversable:
    """The ``resources`` folder: the installed package ``bridgegui.resources`` or the checkout's copy."""
    try:
        return resources.files("bridgegui.resources")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "resources"


def resource(*parts: str) -> Traversable:
    node = resource_root()
    for part in parts:
        node = node / part
    return node

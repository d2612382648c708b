"""A package's exported names imported from their modules on first use (PEP 562's module
``__getattr__``): importing the package then loads none of its modules, and start-up, which every
command-line run pays, buys only what the run uses."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any


def exported(package: str, homes: Mapping[str, str], namespace: dict[str, Any], name: str) -> Any:
    """``name`` from its module ``homes[name]`` of ``package`` (``""``: ``name`` is a submodule),
    kept in the package's ``namespace`` so that the next look-up is an ordinary global."""
    home = homes.get(name)
    if home is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    if home == "":
        return importlib.import_module(f"{package}.{name}")
    value = getattr(importlib.import_module(f"{package}.{home}"), name)
    namespace[name] = value
    return value


__all__ = ["exported"]

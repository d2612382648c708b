"""Errors the engine raises for bad input: all ``ValueError`` subclasses with a message a user understands.

The GUI and the command line show ``str(exc)`` as it is, so messages name the seat, term or field and
say what would be right, rather than echoing internals.
"""

from __future__ import annotations


class BridgeError(ValueError):
    """Base class: any bad input to the engine."""


class DealError(BridgeError):
    """A card, hand or deal that is not well formed (wrong count, duplicate card, unknown rank...)."""


class DealNumberError(BridgeError):
    """A deal number outside ``[0, D)``."""


class ConstraintError(BridgeError):
    """A constraint that cannot be read or contradicts itself (names the seat and the field)."""


class ImpossibleError(BridgeError):
    """A request that no deal can satisfy, or that is too rare to find within a bounded effort."""

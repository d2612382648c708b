"""bridgegui: a desktop dealer for contract-bridge bidding practice."""

__version__ = "0.1.0"
APP_ID = "io.github.bridgegui.BridgeGui"
"""One reverse-DNS application id everywhere: desktop file, AppStream id, icon name."""
APP_NAME = "bridgegui"

"""The user manual (``manual.md``), shipped as the package ``bridgegui.docs`` so the window finds it installed."""

"""Icons, styles and presets shipped with bridgegui (installed as ``bridgegui.resources``)."""

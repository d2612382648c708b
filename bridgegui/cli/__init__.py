"""The command line: ``bridgegui-deal`` (``deal``) and ``bridgegui-system`` (``system``), with the parts they share.

A front end like the window (``bridgegui.ui``): it calls the engine, the formats and the printing code and never
imports the window.  ``bridgegui.entry`` starts each command.
"""

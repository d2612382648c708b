"""Qt, no widgets: jobs that run the engine off the GUI thread (see ``dealing``).

Importing this package applies ``pyside_refcount``'s guard, since every Qt-using path of the program
(the window, the workers, their tests) comes through here before it makes many PySide6 calls.
"""

from bridgegui.workers import pyside_refcount

pyside_refcount.apply()

"""Entry point of the frozen application (PyInstaller needs a script; the wheel uses ``bridgegui.__main__:main``).

``--self-test`` is answered here, before the window's module is imported, so that a build which cannot
open a window (a missing platform plugin, no display) still reports what works.  ``main()`` answers
the same flag for the pip-installed ``bridgegui`` command.
"""

import sys

if __name__ == "__main__":
    if "--self-test" in sys.argv[1:]:
        from bridgegui.self_test import run_self_test

        sys.exit(run_self_test())
    from bridgegui.__main__ import main

    sys.exit(main())

"""Entry point of the frozen application (PyInstaller needs a script; the wheel uses ``bridgegui.entry:window``).

``--self-test`` is answered here, before the window's module is imported, so that a build which cannot
open a window (a missing platform plugin, no display) still reports what works.  ``main()`` answers
the same flag for the pip-installed ``bridgegui`` command.
"""

import sys

if __name__ == "__main__":
    from bridgegui.entry import single_blas_thread

    single_blas_thread()
    if "--self-test" in sys.argv[1:]:
        from bridgegui.ui.self_test import run_self_test

        sys.exit(run_self_test())
    from bridgegui.__main__ import main

    sys.exit(main())

"""The frozen program's entry point: the same ``clerk-desk`` command as the installed one.

PyInstaller runs this file as ``__main__``; everything else is imported from the packages.
"""

import sys

from ui.main import main

if __name__ == "__main__":
    sys.exit(main())

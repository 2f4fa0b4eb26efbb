"""Entry point of the frozen app: the same ``main`` as ``python -m rt0table.desktop``."""

import sys

from rt0table.desktop.app import main

if __name__ == "__main__":
    sys.exit(main())

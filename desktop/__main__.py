import sys

from rt0table.desktop.app import main

sys.exit(main())

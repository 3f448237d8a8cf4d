"""``python -m tutor.service``: run the class service (``tutor.service.app.main``)."""

import sys

from tutor.service.app import main

sys.exit(main())

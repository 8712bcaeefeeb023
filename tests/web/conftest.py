"""Web tests run against SQLite by default, or PostgreSQL when BANSHA_DATABASE_URL is set."""

import os
import tempfile

os.environ.setdefault("BANSHA_HOME", tempfile.mkdtemp(prefix="bansha-test-"))

"""The ASGI application served by ``bansha serve``."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bansha.web.settings")
application = get_asgi_application()

"""The ASGI application served by ``bansha serve``: Django pages and the live-update sockets."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bansha.web.settings")

from bansha.web.handler import get_asgi_application

django_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (after Django is set up)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from bansha.web import converters  # noqa: E402, F401  (<gid:…> in the socket route)
from bansha.web.layer import lifespan  # noqa: E402
from bansha.web.live import GameConsumer  # noqa: E402
from bansha.web.origin import SameOriginSockets  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_app,
        "lifespan": lifespan,
        "websocket": SameOriginSockets(
            AuthMiddlewareStack(
                URLRouter([path("ws/g/<gid:game_id>/<str:who>", GameConsumer.as_asgi())])
            )
        ),
    }
)

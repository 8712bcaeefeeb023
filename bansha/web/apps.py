"""Django app config for the web pages."""

from django.apps import AppConfig

from bansha import texts


class WebConfig(AppConfig):
    """The web app."""

    name = "bansha.web"
    label = "web"
    verbose_name = texts.PRODUCT_NAME

    def ready(self) -> None:
        """Start-up: the service pushes through the live sockets and its bots play as the
        simulator's heuristic agents (the service imports neither the web nor the simulator);
        the settings' values read without a failed look-up each (``steady_settings``)."""
        from bansha.service.games import SERVICE, Outlets
        from bansha.sim.heuristic import bot_command
        from bansha.web import live, steady_settings

        steady_settings.install()

        SERVICE.connect(Outlets(changed=live.publish, revoked=live.revoked, bot=bot_command))

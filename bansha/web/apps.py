"""Django app config for the web pages."""

from django.apps import AppConfig


class WebConfig(AppConfig):
    """The web app."""

    name = "bansha.web"
    label = "web"
    verbose_name = "版杀"

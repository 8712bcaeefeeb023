"""Django app config for the event store."""

from django.apps import AppConfig


class StoreConfig(AppConfig):
    """The event store app."""

    name = "bansha.store"
    label = "store"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "事件存储"

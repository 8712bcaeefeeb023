"""Django app config for the event store."""

from django.apps import AppConfig

from bansha import texts


class StoreConfig(AppConfig):
    """The event store app."""

    name = "bansha.store"
    label = "store"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = texts.STORE_APP

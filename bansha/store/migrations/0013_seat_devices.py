"""The devices that opened each seat's private link (the console lists them and can sign one
out). Sessions that held a seat before this have no device: their players open their link once
more."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0012_watched_threads"),
    ]

    operations = [
        migrations.CreateModel(
            name="DeviceRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=32, unique=True)),
                ("label", models.CharField(blank=True, default="", max_length=60)),
                ("opened", models.IntegerField(default=1)),
                ("first_seen", models.DateTimeField()),
                ("last_seen", models.DateTimeField()),
                ("signed_out", models.BooleanField(default=False)),
                (
                    "link",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="devices",
                        to="store.seatrecord",
                    ),
                ),
            ],
        ),
    ]

"""Each device notes the session that holds it (its stored key, the digest the session table
keeps): a browser's first request to a server process reads its session and its seat in one
statement."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0013_seat_devices"),
    ]

    operations = [
        migrations.AddField(
            model_name="devicerecord",
            name="session",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
    ]

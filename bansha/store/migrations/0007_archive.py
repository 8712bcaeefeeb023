# Archived and deleted: a game filed away or taken off every list; its events stay.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0006_seed_in_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="archived_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="gamerecord",
            name="deleted_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]

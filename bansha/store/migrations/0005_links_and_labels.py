from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0004_command_digest"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="label",
            field=models.CharField(blank=True, default="", max_length=60),
        ),
        migrations.AddField(
            model_name="seatrecord",
            name="token_sealed",
            field=models.TextField(blank=True, default=""),
        ),
    ]

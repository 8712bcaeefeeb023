from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0008_signups_and_team"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="form_key",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
        migrations.AddConstraint(
            model_name="gamerecord",
            constraint=models.UniqueConstraint(
                condition=models.Q(("form_key", ""), _negated=True),
                fields=("owner", "form_key"),
                name="game_owner_form_key",
            ),
        ),
    ]

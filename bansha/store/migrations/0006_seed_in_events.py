# A game's seed is an input recorded in its event stream, for the director only until the reveal
# (R-ALL-02). It has 128 bits, more than the column held, and a second copy of a secret is a
# second place for it to leak.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0005_links_and_labels"),
    ]

    operations = [
        migrations.RemoveField(model_name="gamerecord", name="seed"),
    ]

# The store writes JSON as UTF-8 without spaces (bansha.store.fields.CompactJSON), and a message's
# text (a team-chat line, a thread post) is kept once, in its event: the command log names the
# event instead of holding a second copy. Rows written before are rewritten the same way, so an old
# game takes the new size too; they stay readable either way (an escaped string is valid JSON, and
# nothing reads a logged payload's text back).

from django.db import migrations, models

import bansha.store.fields

BATCH = 500


def rewrite(apps, schema_editor):
    events = apps.get_model("store", "EventRecord")
    commands = apps.get_model("store", "CommandRecord")
    if schema_editor.connection.vendor != "postgresql":  # jsonb keeps its own form anyway
        batch = []
        for row in events.objects.only("id", "data", "audience").iterator(chunk_size=BATCH):
            batch.append(row)
            if len(batch) == BATCH:
                events.objects.bulk_update(batch, ["data", "audience"])
                batch = []
        events.objects.bulk_update(batch, ["data", "audience"])
    changed = []
    for row in commands.objects.filter(kind__in=("Say", "Post")).iterator(chunk_size=BATCH):
        text = row.payload.get("text")
        if not isinstance(text, str) or not text:
            continue
        near = events.objects.filter(game_id=row.game_id, seq__lte=row.seq, seq__gt=row.seq - 8)
        for seq, data in near.order_by("seq").values_list("seq", "data"):
            if isinstance(data, dict) and data.get("text") == text.strip():
                row.payload = {**row.payload, "text": {"event": seq}}
                changed.append(row)
                break
        if len(changed) == BATCH:
            commands.objects.bulk_update(changed, ["payload"])
            changed = []
    commands.objects.bulk_update(changed, ["payload"])
    if schema_editor.connection.vendor != "postgresql":
        for row in commands.objects.only("id", "payload").iterator(chunk_size=BATCH):
            changed.append(row)
            if len(changed) == BATCH:
                commands.objects.bulk_update(changed, ["payload"])
                changed = []
        commands.objects.bulk_update(changed, ["payload"])


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0009_game_form_key"),
    ]

    operations = [
        migrations.AlterField(
            model_name="eventrecord",
            name="data",
            field=models.JSONField(encoder=bansha.store.fields.CompactJSON),
        ),
        migrations.AlterField(
            model_name="eventrecord",
            name="audience",
            field=models.JSONField(encoder=bansha.store.fields.CompactJSON),
        ),
        migrations.AlterField(
            model_name="commandrecord",
            name="payload",
            field=models.JSONField(encoder=bansha.store.fields.CompactJSON),
        ),
        migrations.RunPython(rewrite, migrations.RunPython.noop),
    ]

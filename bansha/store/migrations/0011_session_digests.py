"""Sessions stored before their keys were kept as digests: each row moves under its key's digest,
so nobody is logged out and the table keeps no key a cookie carries."""

from django.db import migrations

from bansha.store.sessions import is_stored_key, stored_key


def digest_keys(apps, schema_editor):
    session = apps.get_model("sessions", "Session")
    for key in list(session.objects.values_list("session_key", flat=True)):
        if not is_stored_key(key):
            session.objects.filter(session_key=key).update(session_key=stored_key(key))


class Migration(migrations.Migration):
    dependencies = [
        ("store", "0010_compact_json"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(digest_keys, migrations.RunPython.noop)]

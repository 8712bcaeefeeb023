"""The server's SQLite backend: ``bansha.store.sqlite``'s, each statement's placeholders converted
once per process (``bansha.web.sqlite.base``)."""

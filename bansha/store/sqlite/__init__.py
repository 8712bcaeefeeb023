"""Django's SQLite backend whose writers of one process queue for the write lock in that process
(``bansha.store.sqlite.base``)."""

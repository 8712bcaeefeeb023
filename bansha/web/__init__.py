"""The web platform: director console, player portal and public pages (Django, served over ASGI).

No game rule lives here: pages render views from ``bansha.engine.views`` and forms submit commands
through ``bansha.service``.
"""

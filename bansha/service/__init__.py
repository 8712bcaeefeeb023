"""The service layer: load a game, hand a command to the engine, append its events, run bots and
deadlines. The web pages and the worker call only this; no game rule lives here."""

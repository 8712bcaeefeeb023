"""Running the game on a forum: output ready to paste (Discuz! BBCode), and later thread import."""

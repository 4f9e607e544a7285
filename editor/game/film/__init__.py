"""The film of WEGO turns in the game view: a map that shows frames
(:mod:`editor.game.film.board`) and the player with its VCR controls
(:mod:`editor.game.film.player`). The frames are the engine's
(:func:`engine.wego.film.frames`, :func:`engine.wego.film.final_film`): nothing here reads the
game's state to decide what a side saw."""

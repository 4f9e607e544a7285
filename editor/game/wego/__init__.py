"""The game view of WEGO turns: the planning screen (:mod:`.plan_map`, :mod:`.plan_panel`,
:mod:`.orders`), and the window that runs a WEGO game with its film (:mod:`.window`). The film
player itself is :mod:`editor.game.film`. What is legal is always the engine's answer
(:mod:`engine.wego.plan`): nothing here re-derives a rule."""

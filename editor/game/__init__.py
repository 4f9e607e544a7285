"""The game view: playing a scenario on the rules engine, against people or the AI."""

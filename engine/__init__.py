"""The rules engine: plays a scenario under the SGS-style rules. Never imports Qt."""

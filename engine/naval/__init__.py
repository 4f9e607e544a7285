"""The naval family: ships sailing in their own phase, and what the sea means for them."""

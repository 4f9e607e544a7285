"""Mouse tools of the map: small interaction objects, one per way of editing."""

"""Development tools that are not part of the program a user runs (GUI timing measurements)."""

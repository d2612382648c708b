"""Reusable widgets: the deal diagram, evaluation and double-dummy panels, seat editors, the board list, charts."""

"""Qt, no widgets: the one job runner (``jobs``) and the dealing service built on it (``dealing``)."""

"""Qt, no widgets: jobs that run the engine off the GUI thread (``dealing``, ``tasks``)."""

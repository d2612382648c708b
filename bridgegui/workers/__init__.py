"""Qt, no widgets: the one job runner (``job_runner``) and the dealing and feedback tasks it runs (``dealing_tasks``)."""

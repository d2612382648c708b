"""Qt, no widgets: the one job runner (``job_runner``) and the dealing service built on it (``dealing_service``)."""

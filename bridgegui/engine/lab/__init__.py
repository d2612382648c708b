"""The shuffle lab: models of hand shuffling, the ties test of a deal generator, and the audit of a board set."""

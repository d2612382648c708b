"""Teaching aids built on the evaluations: the evaluation quiz and frequency tables against the exact odds."""

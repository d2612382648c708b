"""Tool windows, one per module, each a ``…Window``: frequency tables, the evaluation quiz, the shuffle lab, the audit."""

"""The constrained dealer: requests (``constraints``, ``specs``), proofs of impossibility (``feasibility``),
exact counting and drawing (``exact``), the planner that picks a method per request (``planner``), and
practice sets built from several scenarios (``levelling``, ``mixing``, ``rotation``).

After John Hurst's Deal and Hans van Staveren's dealer, it deals exactly the distribution of "deal and
reject until it fits", but draws the constrained hands directly wherever it can.
"""

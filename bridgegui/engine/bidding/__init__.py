"""Bids as constraints: calls and auctions, bidding systems as readable files, the system's call, dealing for an auction.

Every call of a system *means* a constraint on the hand that makes it (the seat-spec language the
editors use), so one file chooses the system's call for a hand, explains it, and deals boards on which
the system bids a given auction exactly.  ``docs/bidding-design.md`` fixes the names and the format.
No Qt here.
"""

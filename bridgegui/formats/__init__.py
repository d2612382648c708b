"""File formats (no Qt): PBN, and text diagrams."""

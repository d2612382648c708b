"""The main window, assembled from one module per concern."""

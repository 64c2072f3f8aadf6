"""Combat: CR 506-511 and the combat turn-based actions of 703.4e-k, one module per concern."""

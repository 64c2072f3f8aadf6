"""The transcript grammar, shipped as package data."""
